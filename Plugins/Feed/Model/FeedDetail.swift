import ShopPluginAPI

/// One item on a card's detail page: an emoji, a title and a paragraph.
struct FeedDetail: Sendable, Equatable {
    var title: String
    /// One grapheme cluster, or nil for a unit without an emoji.
    var emoji: String?
    /// Text that may span many lines; `\n` starts a new line.
    var paragraph: String

    /// The field names every detail record shares.
    static let fieldNames = FieldNames(["title", "emoji", "paragraph"])

    /// The detail as it is stored in `feed.units`.
    var value: Value {
        .record(Record(names: Self.fieldNames, values: [.string(title), Value(emoji), .string(paragraph)]))
    }
}
