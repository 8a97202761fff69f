/// `exit [STATUS]` (also `quit`): ends the session.
struct ExitCommand: Command {
    let spec = CommandSpec(
        path: ["exit"], aliases: ["quit"], abstract: "Leave shop (Ctrl-D too)",
        arguments: [ArgumentSpec("STATUS", "exit status, 0 by default", kind: .integer, isOptional: true)])

    func run(_ invocation: Invocation) async throws -> CommandResult? {
        let status = invocation.arguments.int("STATUS") ?? 0
        guard (0...255).contains(status) else {
            throw CommandError.invalidArgument(
                command: spec.name, argument: "STATUS", expected: "between 0 and 255", got: String(status))
        }
        invocation.interpreter.exitRequest = Int32(status)
        return nil
    }
}
