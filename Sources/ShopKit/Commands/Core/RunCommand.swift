/// `run FILE`: runs a script inside the current session.
struct RunCommand: Command {
    let spec = CommandSpec(
        path: ["run"], abstract: "Run a script in this session",
        discussion: "A relative FILE is found next to the script that runs it, else in the working folder.",
        arguments: [Self.file])

    static let file = Argument<FilePath>("FILE", "a .shopscript file")

    func run(_ invocation: Invocation) async throws -> CommandResult? {
        try await invocation.core.include(try invocation[Self.file])
        return nil
    }
}
