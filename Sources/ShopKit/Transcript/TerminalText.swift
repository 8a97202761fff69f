/// Output text as a transcript compares it: escape sequences removed, lines split, trailing
/// blanks dropped.
enum TerminalText {
    /// The lines of `text` without ANSI escape sequences and trailing blanks; a final newline
    /// does not make an extra empty line.
    static func lines(of text: String) -> [String] {
        guard !text.isEmpty else { return [] }
        // Split on the scalar, not the Character: "\r\n" is one Character and would hide a break.
        var lines = EscapeStripper.strip(text).unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false)
            .map { ExpectedOutput.trimTrailingBlanks(String(String.UnicodeScalarView($0))) }
        if text.utf8.last == UInt8(ascii: "\n") { lines.removeLast() }
        return lines
    }
}
