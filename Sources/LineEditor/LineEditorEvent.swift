/// What one call to ``LineReading/readLine(prompt:)`` produced.
public enum LineEditorEvent: Equatable, Sendable {
    /// A complete line, without its line terminator.
    case line(String)
    /// Ctrl-C at the prompt: the line was abandoned; the caller prompts again.
    case interrupted
    /// Ctrl-D on an empty line, or the input was closed.
    case endOfFile
    /// A line of non-terminal input that is not valid UTF-8.
    ///
    /// Only ``PlainLineReader`` produces it. The text carries U+FFFD in place of each invalid
    /// byte sequence, so the caller can report it (`-:12: invalid UTF-8`) or run it anyway.
    case invalidUTF8(String, lineNumber: Int)
}
