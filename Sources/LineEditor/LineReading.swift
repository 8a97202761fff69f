/// Something the REPL reads command lines from: the interactive ``LineEditor`` or the
/// ``PlainLineReader`` used when input is not a terminal.
///
/// ``LineReaderFactory/make(programName:input:output:term:typeAhead:)`` picks one.
public protocol LineReading: AnyObject {
    /// Whether lines are typed by a person at a terminal (prompts are shown, keys edit).
    var isInteractive: Bool { get }

    /// Called on Tab with the text around the cursor; ignored by non-interactive readers.
    var completionHandler: ((TabCompletionRequest) -> TabCompletion)? { get set }

    /// Reads one line, showing `prompt` first when interactive.
    ///
    /// Pass a continuation prompt (such as `"... "`) to read the next part of a line that ended in `\`.
    func readLine(prompt: String) -> LineEditorEvent

    /// Replaces the older history (earlier sessions' commands), oldest first.
    func loadHistory(_ lines: [String])

    /// Replaces the whole history: earlier sessions' commands and this session's, oldest first.
    func replaceHistory(older: [String], session: [String])

    /// Appends a command entered in this session to the history.
    func addHistory(_ line: String)
}
