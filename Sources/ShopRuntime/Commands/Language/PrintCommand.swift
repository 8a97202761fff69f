import ShopPluginAPI

/// `print WORDS…`: writes a line at once, wherever it runs (also inside a `def`).
struct PrintCommand: SessionCommand {
    static let words = Argument<[String]>("WORDS", "text, variables")

    let spec = CommandSpec(
        path: ["print"], abstract: "Write words as a line at once, also inside a def",
        discussion: "Unlike echo, whose value is shown only at the top level, print writes its line where it runs.",
        arguments: [Self.words],
        examples: [Example("print \"step 1 of 3\"")])

    func run(_ invocation: Invocation, in session: Interpreter) throws -> CommandResult? {
        invocation.console.message(try invocation[Self.words].joined(separator: " "))
        return nil
    }
}
