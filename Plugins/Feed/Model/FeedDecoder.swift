import ShopPluginAPI

/// Reads feeds from values: a JSON file's `{"units": […]}` (or a bare list of cards), and the
/// list of cards stored in `feed.units`.
///
/// Every card needs `title`, `subtitle`, `color` and `details`; every detail needs `title` and
/// `paragraph`; `emoji` may be missing or null. Other fields are ignored. Errors name the path
/// of the offending value, such as `units[2].color`.
enum FeedDecoder {
    /// The cards of a feed file's value: a record with `units`, or a list of cards.
    static func cards(fromFile value: Value) throws(FeedDataError) -> [FeedCard] {
        switch value {
        case .record(let record):
            guard let units = record["units"] else { throw FeedDataError(path: "", reason: "missing field 'units'") }
            return try cards(from: units, path: "units")
        case .list:
            return try cards(from: value, path: "")
        default:
            throw FeedDataError(
                path: "", reason: "expected a record with 'units' or a list of cards, got \(value.typeName)")
        }
    }

    /// The cards of a list of card records, as `feed.units` holds them; `path` prefixes errors.
    static func cards(from value: Value, path: String = "") throws(FeedDataError) -> [FeedCard] {
        guard case .list(let elements) = value else {
            throw FeedDataError(path: path, reason: "expected a list of cards, got \(value.typeName)")
        }
        guard !elements.isEmpty else { throw FeedDataError(path: path, reason: "a feed needs at least one card") }
        var cards: [FeedCard] = []
        cards.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            cards.append(try card(from: element, path: "\(path)[\(index)]"))
        }
        return cards
    }

    private static func card(from value: Value, path: String) throws(FeedDataError) -> FeedCard {
        let fields = try Fields(value, path: path, what: "card")
        let title = try fields.title()
        let subtitle = try fields.string("subtitle")
        let emoji = try fields.emoji()
        let colorText = try fields.string("color")
        guard let color = FeedColor(parsing: colorText) else {
            throw FeedDataError(path: fields.path(of: "color"), reason: FeedColor.unknownReason(for: colorText))
        }
        let detailValues = try fields.list("details")
        var details: [FeedDetail] = []
        details.reserveCapacity(detailValues.count)
        for (index, element) in detailValues.enumerated() {
            details.append(try detail(from: element, path: "\(fields.path(of: "details"))[\(index)]"))
        }
        return FeedCard(title: title, subtitle: subtitle, emoji: emoji, color: color, details: details)
    }

    private static func detail(from value: Value, path: String) throws(FeedDataError) -> FeedDetail {
        let fields = try Fields(value, path: path, what: "detail unit")
        let title = try fields.title()
        let emoji = try fields.emoji()
        return FeedDetail(title: title, emoji: emoji, paragraph: try fields.string("paragraph"))
    }

    /// The fields of one record, read with errors that name their path.
    private struct Fields {
        let record: Record
        let path: String

        init(_ value: Value, path: String, what: String) throws(FeedDataError) {
            guard case .record(let record) = value else {
                throw FeedDataError(path: path, reason: "expected a \(what) record, got \(value.typeName)")
            }
            self.record = record
            self.path = path
        }

        func path(of name: String) -> String {
            path.isEmpty ? name : "\(path).\(name)"
        }

        /// A required string field.
        func string(_ name: String) throws(FeedDataError) -> String {
            guard let value = record[name] else { throw FeedDataError(path: path, reason: "missing field '\(name)'") }
            guard case .string(let string) = value else {
                throw FeedDataError(path: path(of: name), reason: "expected a string, got \(value.typeName)")
            }
            return string
        }

        /// A required list field.
        func list(_ name: String) throws(FeedDataError) -> ValueList {
            guard let value = record[name] else { throw FeedDataError(path: path, reason: "missing field '\(name)'") }
            guard case .list(let list) = value else {
                throw FeedDataError(path: path(of: name), reason: "expected a list, got \(value.typeName)")
            }
            return list
        }

        /// The `title`: a string with something besides blanks.
        func title() throws(FeedDataError) -> String {
            let title = try string("title")
            guard title.contains(where: { !$0.isWhitespace }) else {
                throw FeedDataError(path: path(of: "title"), reason: "a title cannot be empty")
            }
            return title
        }

        /// The optional `emoji`: one grapheme cluster; missing, null and "" mean none.
        func emoji() throws(FeedDataError) -> String? {
            guard let value = record["emoji"], !value.isNull else { return nil }
            guard case .string(let emoji) = value else {
                throw FeedDataError(path: path(of: "emoji"), reason: "expected a string or null, got \(value.typeName)")
            }
            if emoji.isEmpty { return nil }
            guard emoji.count == 1 else {
                let shown = TextLayout.truncate(emoji, to: 24)
                throw FeedDataError(path: path(of: "emoji"), reason: "expected one emoji, got '\(shown)'")
            }
            return emoji
        }
    }
}
