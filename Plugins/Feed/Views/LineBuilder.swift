import ShopKit

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

    /// The line, padded with spaces to `columns`.
    func padded(to columns: Int) -> String {
        var copy = self
        copy.pad(to: columns)
        return copy.text
    }
}
