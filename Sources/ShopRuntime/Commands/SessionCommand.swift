import ShopPluginAPI

/// A command of the session itself: it runs with the session at hand — its registry, store,
/// history, format, `exit`, `run FILE` and the language's own state — which no plugin and no
/// verb ever gets.
///
/// The core lists these (``CoreCommands``); the interpreter calls ``run(_:in:)``, never
/// `Command.run(_:)`.
protocol SessionCommand: Command {
    /// Does the work, with the session running it.
    func run(_ invocation: Invocation, in session: Interpreter) async throws -> CommandResult?

    /// Runs the command now when it never waits (a ``SynchronousSessionCommand``), else does
    /// nothing and says so (the default): the interpreter then runs it with an async call.
    func runNow(_ invocation: Invocation, in session: Interpreter) throws -> SessionCommandOutcome
}

extension SessionCommand {
    /// Outside a session there is nothing to run it with.
    func run(_ invocation: Invocation) async throws -> CommandResult? {
        throw CommandError.failed("\(spec.name): needs a shop session")
    }

    func runNow(_ invocation: Invocation, in session: Interpreter) throws -> SessionCommandOutcome { .needsAwait }
}

/// A command of the session whose work never waits: the interpreter calls it without an
/// async call, which allocates a frame and switches back to the session's executor after it.
/// A pipeline of such commands (`set x 1; echo $x`) runs with no async call at all.
protocol SynchronousSessionCommand: SessionCommand {
    /// Does the work, without waiting for anything.
    func run(_ invocation: Invocation, in session: Interpreter) throws -> CommandResult?
}

extension SynchronousSessionCommand {
    func runNow(_ invocation: Invocation, in session: Interpreter) throws -> SessionCommandOutcome {
        .ran(try run(invocation, in: session))
    }
}

/// What ``SessionCommand/runNow(_:in:)`` did.
enum SessionCommandOutcome {
    /// The command ran and gave this.
    case ran(CommandResult?)
    /// The command may wait: nothing ran, ``SessionCommand/run(_:in:)`` runs it.
    case needsAwait
}
