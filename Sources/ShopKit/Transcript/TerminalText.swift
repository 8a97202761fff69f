/// Output text as a transcript compares it: escape sequences removed, lines split, trailing
/// blanks dropped.
enum TerminalText {
    /// The lines of `text` without ANSI escape sequences and trailing blanks; a final newline
    /// does not make an extra empty line.
    static func lines(of text: String) -> [String] {
        guard !text.isEmpty else { return [] }
        // Split on the scalar, not the Character: "\r\n" is one Character and would hide a break.
        var lines = stripEscapes(text).unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map {
            ExpectedOutput.trimTrailingBlanks(String(String.UnicodeScalarView($0)))
        }
        if text.utf8.last == UInt8(ascii: "\n") { lines.removeLast() }
        return lines
    }

    /// `text` without CSI (`ESC [ … letter`), OSC (`ESC ] … BEL` or `ESC \`) and two-byte escapes.
    static func stripEscapes(_ text: String) -> String {
        guard text.utf8.contains(0x1B) else { return text }
        var output = String.UnicodeScalarView()
        var scalars = text.unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            guard scalar == "\u{1B}" else {
                output.append(scalar)
                continue
            }
            switch scalars.next() {
            case "[":
                while let next = scalars.next(), !(0x40...0x7E).contains(next.value) {}
            case "]":
                var previous: Unicode.Scalar?
                while let next = scalars.next() {
                    if next == "\u{07}" || (previous == "\u{1B}" && next == "\\") { break }
                    previous = next
                }
            default:
                break
            }
        }
        return String(output)
    }
}
