import ShopPluginAPI
import ShopState

/// `undo`: restores the state before the last command that changed it.
struct UndoCommand: SessionCommand {
    let spec = CommandSpec(
        path: ["undo"], abstract: "Undo the last change to the state (repeatable)",
        examples: [Example("set x 1; set x 2; undo; echo $x")])

    func run(_ invocation: Invocation, in session: Interpreter) throws -> CommandResult? {
        guard let label = session.store.undo() else { throw CommandError.failed("nothing to undo") }
        invocation.console.message("undid: \(label)")
        return nil
    }
}
