import ShopValues

/// How CSV text is read: its separator, whether its first row names the fields, whether rows
/// may have other numbers of cells, and whether cells are typed.
public struct CSVOptions: Sendable, Equatable {
    /// The byte between cells: `,` unless told otherwise (`\t` for TSV).
    public var separator: UInt8
    /// Whether the first row names the fields (else they are `column1`, `column2`, …).
    public var hasHeader: Bool
    /// Whether a row may have fewer cells than the header (the rest are null) or more (in
    /// fields `columnN` after the header's).
    public var isFlexible: Bool
    /// Whether columns are typed (numbers, bools); else every cell is text.
    public var infersTypes: Bool

    public init(
        separator: UInt8 = UInt8(ascii: ","), hasHeader: Bool = true, isFlexible: Bool = false, infersTypes: Bool = true
    ) {
        self.separator = separator
        self.hasHeader = hasHeader
        self.isFlexible = isFlexible
        self.infersTypes = infersTypes
    }

    /// The separator a user wrote (`;`, `\t` or a tab, `|`): one ASCII character that is not a
    /// quote or a line break; nil for anything else.
    public static func separator(spelled text: String) -> UInt8? {
        if text == "\\t" { return UInt8(ascii: "\t") }
        let bytes = Array(text.utf8)
        guard bytes.count == 1, let byte = bytes.first, byte < 0x80, byte != UInt8(ascii: "\""),
            byte != UInt8(ascii: "\n"), byte != UInt8(ascii: "\r"), byte != 0
        else { return nil }
        return byte
    }
}
