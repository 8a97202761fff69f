import ShopPluginAPI

/// Output text as a transcript compares it: escape sequences removed, lines split, trailing
/// blanks dropped.
enum TerminalText {
    /// The lines of `text` without ANSI escape sequences and trailing blanks; a final newline
    /// does not make an extra empty line.
    static func lines(of text: String) -> [String] {
        guard !text.isEmpty else { return [] }
        // Split at each line feed byte, not Character: "\r\n" is one Character and would hide a
        // break. Every step of a transcript comes through here, so it reads bytes.
        var stripped = EscapeStripper.strip(text)
        let endsWithNewline = text.utf8.last == UInt8(ascii: "\n")
        return stripped.withUTF8 { bytes in
            var lines: [String] = []
            var start = 0
            for index in bytes.indices where bytes[index] == UInt8(ascii: "\n") {
                lines.append(line(bytes[start..<index]))
                start = index + 1
            }
            if !endsWithNewline { lines.append(line(bytes[start...])) }
            return lines
        }
    }

    /// One line's bytes as text, without its trailing blanks (spaces, tabs, carriage returns).
    private static func line(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> String {
        var end = bytes.endIndex
        while end > bytes.startIndex, ExpectedOutput.isTrailingBlank(bytes[end - 1]) { end -= 1 }
        return String(decoding: bytes[bytes.startIndex..<end], as: UTF8.self)
    }
}
