import ShopLanguage
import ShopPluginAPI

/// `run FILE [ARG…]`: runs a script inside the current session, bound to its `param` lines.
struct RunCommand: SessionCommand {
    let spec = CommandSpec(
        path: ["run"], abstract: "Run a script in this session",
        discussion: """
            A relative FILE is found next to the script that runs it, else in the working folder. The words after \
            FILE are the script's arguments ($args), bound to its param lines as 'shop run FILE ARG…' binds them; \
            the parameters are local to the run.
            """,
        arguments: [Self.file, Self.arguments])

    static let file = Argument<FilePath>("FILE", "a .shopscript file")
    static let arguments = Deferred.words("ARG", "the script's arguments", isOptional: true)

    func run(_ invocation: Invocation, in session: Interpreter) async throws -> CommandResult? {
        try await session.include(try invocation[Self.file], arguments: try invocation[Self.arguments].words)
        return nil
    }
}
