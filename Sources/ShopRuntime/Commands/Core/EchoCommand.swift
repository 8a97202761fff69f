import ShopPluginAPI

/// `echo WORDS…`: the words joined by spaces.
struct EchoCommand: SessionCommand {
    static let words = Argument<[String]>("WORDS", "text, variables")

    let spec = CommandSpec(
        path: ["echo"], abstract: "Print words after interpolation",
        arguments: [Self.words],
        examples: [Example("echo \"total: ${services.mode}\"")])

    func run(_ invocation: Invocation, in session: Interpreter) throws -> CommandResult? {
        // One word, the common case, is the text itself, with no list of the words to join.
        if let word = invocation.arguments.onlyWord(ofArgumentAt: 0) { return .value(.string(word.text)) }
        return .value(.string(try invocation[Self.words].joined(separator: " ")))
    }
}
