/// `echo WORDS…`: the words joined by spaces.
struct EchoCommand: SynchronousCommand {
    static let words = Argument<[String]>("WORDS", "text, variables")

    let spec = CommandSpec(
        path: ["echo"], abstract: "Print words after interpolation",
        arguments: [Self.words],
        examples: [Example("echo \"total: ${services.mode}\"")])

    func run(_ invocation: Invocation) throws -> CommandResult? {
        let words = try invocation[Self.words]
        // One word, the common case, is the text itself: joining one cost 200 instructions.
        return .value(.string(words.count == 1 ? words[0] : words.joined(separator: " ")))
    }
}
