import ShopPluginAPI

/// One service of a catalog: what a card shows and an item of `services.items` holds.
///
/// In the state store a service is a record `{id, title, description, price, icon}`; every
/// record a catalog builds shares ``fieldNames``, so a million services store their field
/// names once.
struct Service: Equatable, Sendable {
    /// The id, unique in its catalog (ids read as numbers are kept as their digits).
    var id: String
    /// The name shown on the card.
    var title: String
    /// A longer text, shown by `services show`.
    var description: String?
    /// The price in whole roubles, within ``Price/range``.
    var price: Int
    /// An emoji, or the address of a picture.
    var icon: String?

    /// The field names of every item record, in order.
    static let fieldNames = FieldNames(["id", "title", "description", "price", "icon"])
    /// Their types, for Tab.
    static let fieldTypes: [String: ValueType] = [
        "id": .string, "title": .string, "description": .optional(.string), "price": .int, "icon": .optional(.string),
    ]

    /// The item record, with the shared field names.
    var value: Value {
        .record(
            Record(
                names: Self.fieldNames,
                values: [.string(id), .string(title), Value(description), .int(price), Value(icon)]))
    }

    /// Reads an item record; nil when `value` is not one (a state file can hold anything),
    /// including when its price is outside ``Price/range``.
    init?(_ value: Value) {
        guard case .record(let record) = value,
            let id = record["id"]?.stringValue, let title = record["title"]?.stringValue,
            let price = record["price"]?.intValue, Price.range.contains(price)
        else { return nil }
        self.init(
            id: id, title: title, description: record["description"]?.stringValue, price: price,
            icon: record["icon"]?.stringValue)
    }

    init(id: String, title: String, description: String? = nil, price: Int, icon: String? = nil) {
        self.id = id
        self.title = title
        self.description = description
        self.price = price
        self.icon = icon
    }

    /// The id of an item record without reading its other fields; nil for other values.
    static func id(of item: Value) -> String? {
        guard case .record(let record) = item else { return nil }
        if record.names === fieldNames, case .string(let id) = record.values[0] { return id }
        return record["id"]?.stringValue
    }

    /// The icon as a card shows it: the emoji, or a stand-in when it is a picture's address or missing.
    var shownIcon: String {
        guard let icon, !icon.isEmpty, !icon.contains("/"), DisplayWidth.of(icon) <= 2 else {
            return Self.placeholderIcon
        }
        return Sanitizer.inert(icon)
    }

    /// The icon shown for services whose icon is a picture or missing.
    static let placeholderIcon = "💼"
}
