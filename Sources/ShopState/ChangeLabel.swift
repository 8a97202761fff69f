import ShopValues

/// What `undo` calls a change: the text of the command, pipeline or script that made it.
///
/// Kept as a view into the line it came from and turned into text only when `undo` names
/// it, so labelling every pipeline costs nothing.
public struct ChangeLabel: ExpressibleByStringLiteral, CustomStringConvertible {
    private let source: Substring
    /// The label's bytes in `source`, or nil for all of it.
    private let bytes: Range<Int>?

    /// A label with this text.
    public init(_ text: String) {
        source = Substring(text)
        bytes = nil
    }

    public init(stringLiteral text: String) {
        self.init(text)
    }

    /// The whole of `line`, without the blanks around it.
    public init(line: Substring) {
        source = line
        bytes = nil
    }

    /// The part of `text` at `bytes` (offsets on character boundaries), cut out only when
    /// `undo` names it: a pipeline's label costs no slicing when it runs.
    package init(_ text: String, bytes: Range<Int>) {
        source = Substring(text)
        self.bytes = bytes
    }

    /// The text.
    public var description: String {
        guard let bytes else { return String(source).trimmingBlanks }
        let utf8 = source.utf8
        let start = utf8.index(utf8.startIndex, offsetBy: bytes.lowerBound)
        return String(Substring(utf8[start..<utf8.index(start, offsetBy: bytes.count)])).trimmingBlanks
    }
}
