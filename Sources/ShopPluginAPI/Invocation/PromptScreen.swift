/// What only a person at the interactive prompt has: a pager, a screen to clear, and an editor.
///
/// The `shop` executable gives one to its REPL (spawning a pager is not the runtime's to do); in
/// scripts, `run FILE`, tests, demos and pipes there is none, and `page` passes its input
/// through.
///
/// ```swift
/// if let screen = invocation.console.screen {
///     screen.page(text, chopsLongLines: true)    // returns when the pager quits (q or Ctrl-C)
/// }
/// ```
public protocol PromptScreen: Sendable {
    /// The screen's height in rows.
    var rows: Int { get }
    /// Shows `text` through the pager (`$PAGER`, else `less -FRX`, `-S` added when
    /// `chopsLongLines`), returning when it quits: `q`, or Ctrl-C.
    func page(_ text: String, chopsLongLines: Bool)
    /// Clears the screen, as Ctrl-L does.
    func clear()
    /// Opens `text` in the user's editor (`$VISUAL`, `$EDITOR`) and, once it is saved, has the
    /// prompt run what was saved next, as if typed (nothing when it is empty).
    func edit(_ text: String) throws(CommandFailure)
}
