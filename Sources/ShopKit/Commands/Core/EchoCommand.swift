/// `echo WORDS…`: the words joined by spaces.
struct EchoCommand: Command {
    let spec = CommandSpec(
        path: ["echo"], abstract: "Print words after interpolation",
        arguments: [ArgumentSpec("WORDS", "text, variables", kind: .value, isOptional: true, isVariadic: true)],
        examples: [Example("echo \"total: ${services.mode}\"")])

    func run(_ invocation: Invocation) async throws -> CommandResult? {
        .value(.string(invocation.arguments.texts("WORDS").joined(separator: " ")))
    }
}
