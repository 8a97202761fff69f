import ShopPluginAPI

/// One output line built from pieces, keeping count of its display width apart from any escape
/// sequences the pieces are styled with.
struct LineBuilder {
    /// The text so far, escape sequences included.
    private(set) var text = ""
    /// The columns the text takes.
    private(set) var width = 0

    /// Appends sanitized `plain` text, optionally styled (styling must not change its width).
    mutating func append(_ plain: String, styled: (String) -> String = { $0 }) {
        text += styled(plain)
        width += DisplayWidth.of(plain)
    }

    /// Appends spaces up to `columns`.
    mutating func pad(to columns: Int) {
        if columns > width { append(String(repeating: " ", count: columns - width)) }
    }

    /// `line` without the spaces at its end: they show nothing (text after the last style
    /// reset is unstyled), and a pipe or a file should not get them.
    static func trimmingTrailingSpaces(_ line: String) -> String {
        guard let last = line.utf8.lastIndex(where: { $0 != UInt8(ascii: " ") }) else { return "" }
        return String(line[...last])
    }

    /// The line, padded with spaces to `columns`.
    func padded(to columns: Int) -> String {
        var copy = self
        copy.pad(to: columns)
        return copy.text
    }
}
