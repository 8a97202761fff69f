import ShopPluginAPI

/// What `services.catalog` holds: where the catalog came from and the words it brings along —
/// the list's heading, the confirm button's title and the word before the chosen titles.
struct CatalogInfo: Equatable, Sendable {
    /// `embedded` or the file name as it was typed.
    var source: String
    /// The shape it was read from.
    var shape: CatalogShape
    /// The heading over the cards (`result.title`).
    var title: String
    /// The button's title while nothing is selected (`result.actionTitle`).
    var actionTitle: String
    /// The button's title once something is selected, and the word `services confirm` puts
    /// before the chosen titles (`result.selectedActionTitle`).
    var selectedActionTitle: String

    /// The words of catalogs that bring none.
    static let defaultTitle = "Services"
    static let defaultActionTitle = "Select"
    static let defaultSelectedActionTitle = "Selected"

    init(
        source: String, shape: CatalogShape, title: String? = nil, actionTitle: String? = nil,
        selectedActionTitle: String? = nil
    ) {
        self.source = source
        self.shape = shape
        self.title = Self.nonBlank(title) ?? Self.defaultTitle
        self.actionTitle = Self.nonBlank(actionTitle) ?? Self.defaultActionTitle
        self.selectedActionTitle = Self.nonBlank(selectedActionTitle) ?? Self.defaultSelectedActionTitle
    }

    /// The record stored under `services.catalog`.
    var value: Value {
        .record(
            Record(pairs: [
                ("source", .string(source)), ("shape", .string(shape.rawValue)), ("title", .string(title)),
                ("actionTitle", .string(actionTitle)), ("selectedActionTitle", .string(selectedActionTitle)),
            ]))
    }

    /// Reads the record under `services.catalog`; anything missing falls back to the defaults.
    init(_ value: Value) {
        let record = value.recordValue
        self.init(
            source: record?["source"]?.stringValue ?? "embedded",
            shape: record?["shape"]?.stringValue.flatMap(CatalogShape.init(rawValue:)) ?? .embedded,
            title: record?["title"]?.stringValue, actionTitle: record?["actionTitle"]?.stringValue,
            selectedActionTitle: record?["selectedActionTitle"]?.stringValue)
    }

    /// How `services load` names the shape: `services shape`, `"Услуги" list shape`.
    var shapeDescription: String {
        switch shape {
        case .embedded: "embedded"
        case .services: "services shape"
        case .list: title == Self.defaultTitle ? "list shape" : "\"\(title)\" list shape"
        }
    }

    private static func nonBlank(_ text: String?) -> String? {
        guard let text, text.contains(where: { !$0.isWhitespace }) else { return nil }
        return text
    }
}
