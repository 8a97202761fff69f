/// `run FILE`: runs a script inside the current session.
struct RunCommand: Command {
    let spec = CommandSpec(
        path: ["run"], abstract: "Run a script in this session",
        discussion: "A relative FILE is found next to the script that runs it, else in the working folder.",
        arguments: [ArgumentSpec("FILE", "a .shopscript file", kind: .path)])

    func run(_ invocation: Invocation) async throws -> CommandResult? {
        let path = invocation.resolve(path: invocation.arguments.text("FILE") ?? "")
        try await invocation.interpreter.include(path, as: invocation.arguments.text("FILE") ?? path)
        return nil
    }
}
