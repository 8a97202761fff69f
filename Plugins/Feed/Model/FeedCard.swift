import ShopPluginAPI

/// One card of the feed: a subtitle, a title, an emoji on a colour, and its detail units.
struct FeedCard: Sendable, Equatable {
    var title: String
    var subtitle: String
    /// One grapheme cluster, or nil.
    var emoji: String?
    var color: FeedColor
    var details: [FeedDetail]

    /// The field names every card record shares.
    static let fieldNames = FieldNames(["title", "subtitle", "emoji", "color", "details"])
    /// Their types, for Tab.
    static let fieldTypes: [String: ValueType] = [
        "title": .string, "subtitle": .string, "emoji": .optional(.string), "color": .string,
        "details": .list(of: .record),
    ]

    /// The card as it is stored in `feed.units` and returned by the commands.
    var value: Value {
        .record(
            Record(
                names: Self.fieldNames,
                values: [
                    .string(title), .string(subtitle), Value(emoji), .string(color.name), .list(details.map(\.value)),
                ]))
    }
}
