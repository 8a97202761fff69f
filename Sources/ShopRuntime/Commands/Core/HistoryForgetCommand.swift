import ShopPluginAPI

/// `history forget N | --grep TEXT`: deletes commands from the history (for secrets).
struct HistoryForgetCommand: SessionCommand {
    let spec = CommandSpec(
        path: ["history", "forget"], abstract: "Delete a command, or every command containing TEXT, from the history",
        arguments: [Self.number], options: [Self.grep],
        examples: [Example("history forget --grep password")], history: .never)

    static let number = Argument<Int?>("N", "the number 'history' shows")
    static let grep = Option<String?>("--grep", value: "TEXT", "delete every command containing TEXT")

    func run(_ invocation: Invocation, in session: Interpreter) throws -> CommandResult? {
        let history = session.history
        let removed: Int
        switch (try invocation[Self.number], try invocation[Self.grep]) {
        case (let id?, nil):
            removed = try history.forget(id: Int64(id))
            guard removed > 0 else { throw CommandError.failed("history: no command number \(id)") }
        case (nil, let text?):
            guard !text.isEmpty else { throw CommandError.failed("history forget: --grep needs some text") }
            removed = try history.forget(matching: text)
        default:
            throw CommandError.failed("history forget: give a number or --grep TEXT (usage: \(spec.usage))")
        }
        invocation.console.message("forgot \(removed) command\(removed == 1 ? "" : "s")")
        return nil
    }
}
