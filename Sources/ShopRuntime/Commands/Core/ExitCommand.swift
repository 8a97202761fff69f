import ShopPluginAPI

/// `exit [STATUS]` (also `quit`): ends the session.
struct ExitCommand: SessionCommand {
    static let status = Argument<Int?>("STATUS", "exit status, 0 by default")

    let spec = CommandSpec(
        path: ["exit"], aliases: ["quit"], abstract: "Leave shop (Ctrl-D too)", arguments: [Self.status],
        history: .notReplayable)

    func run(_ invocation: Invocation, in session: Interpreter) throws -> CommandResult? {
        let status = try invocation[Self.status] ?? 0
        guard (0...255).contains(status) else {
            throw CommandError.invalidArgument(
                command: spec.name, argument: "STATUS", expected: "between 0 and 255", got: String(status))
        }
        session.exitRequest = Int32(status)
        return nil
    }
}
