/// `echo WORDS…`: the words joined by spaces.
struct EchoCommand: SynchronousCommand {
    static let words = Argument<[String]>("WORDS", "text, variables")

    let spec = CommandSpec(
        path: ["echo"], abstract: "Print words after interpolation",
        arguments: [Self.words],
        examples: [Example("echo \"total: ${services.mode}\"")])

    func run(_ invocation: Invocation) throws -> CommandResult? {
        .value(.string(try invocation[Self.words].joined(separator: " ")))
    }
}
