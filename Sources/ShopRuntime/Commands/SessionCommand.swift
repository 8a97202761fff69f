import ShopPluginAPI

/// A command of the session itself: it runs with the session at hand — its registry, store,
/// history, format, `exit`, `run FILE` and the language's own state — which no plugin and no
/// verb ever gets.
///
/// The core lists these (``CoreCommands``); the interpreter calls ``run(_:in:)``, never
/// `Command.run(_:)`. A command that never waits may implement it without `async`.
protocol SessionCommand: Command {
    /// Does the work, with the session running it.
    func run(_ invocation: Invocation, in session: Interpreter) async throws -> CommandResult?
}

extension SessionCommand {
    /// Outside a session there is nothing to run it with.
    func run(_ invocation: Invocation) async throws -> CommandResult? {
        throw CommandError.failed("\(spec.name): needs a shop session")
    }
}
