/// Where a catalog came from: the embedded one, or one of the two file shapes `services load` reads.
enum CatalogShape: String, Sendable, Equatable {
    /// The catalog built into the plugin.
    case embedded
    /// `{"services": [{"id", "name", "price": 1500, "icon"}]}`.
    case services
    /// `{"status", "result": {"title", "actionTitle", "selectedActionTitle", "list": [{"id", "title",
    /// "description", "icon": {"52x52": URL}, "price": "356 ₽", "isSelected"}]}}`.
    case list
}
