/// Output text as a transcript compares it: escape sequences removed, lines split, trailing
/// blanks dropped.
enum TerminalText {
    /// The lines of `text` without ANSI escape sequences and trailing blanks; a final newline
    /// does not make an extra empty line.
    static func lines(of text: String) -> [String] {
        guard !text.isEmpty else { return [] }
        var lines = EscapeStripper.strip(text).split(separator: "\n", omittingEmptySubsequences: false).map {
            ExpectedOutput.trimTrailingBlanks(String($0))
        }
        if text.hasSuffix("\n") { lines.removeLast() }
        return lines
    }
}
