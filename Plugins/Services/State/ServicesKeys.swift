import ShopPluginAPI

/// The state keys the plugin owns: each a typed key whose model the store caches with the
/// value, and whose decode is what `state load` checks.
enum ServicesKeys {
    /// The catalog: a list of `{id, title, description, price, icon}`; its model is the
    /// catalog's index (made once per catalog, kept with it for `undo`).
    static let items = StateKey<CatalogIndex>(
        "services.items", abstract: "the catalog: a list of {id, title, description, price, icon}",
        type: .list(of: .record), initial: CatalogIndex(items: EmbeddedCatalog.catalog.items),
        decode: { value, _ throws(StateError) in try decodeItems(value) }, encode: { .list($0.items) })

    /// The selected ids, in selection order; each must be an id of `services.items`.
    static let selected = StateKey<[String]>(
        "services.selected", abstract: "the selected service ids, in selection order", type: .list(of: .string),
        initial: [],
        decode: { value, state throws(StateError) in
            guard let list = value.listValue, list.allSatisfy({ $0.stringValue != nil }) else {
                throw .invalidValue(key: "services.selected", reason: "expected a list of service ids (strings)")
            }
            let ids = list.compactMap(\.stringValue)
            let index = try state.model(items)
            for id in ids where index.position(of: id) == nil {
                throw .invalidValue(key: "services.selected", reason: "no service has the id '\(id)' in services.items")
            }
            return ids
        },
        encode: { .list($0.map(Value.string)) })

    /// `single` or `multi`.
    static let mode = StateKey<SelectionMode>(
        "services.mode", abstract: "\"single\" or \"multi\"", type: .string, initial: .single,
        decode: { value, _ throws(StateError) in
            guard let mode = value.stringValue.flatMap(SelectionMode.init(rawValue:)) else {
                throw .invalidValue(key: "services.mode", reason: "expected \"single\" or \"multi\"")
            }
            return mode
        },
        encode: { .string($0.rawValue) })

    /// Where the catalog came from and its words: `{source, shape, title, actionTitle, selectedActionTitle}`.
    static let catalog = StateKey<CatalogInfo>(
        "services.catalog", abstract: "where the catalog came from, its heading and button words", type: .record,
        initial: EmbeddedCatalog.catalog.info,
        decode: { value, _ throws(StateError) in
            guard value.recordValue != nil else {
                throw .invalidValue(
                    key: "services.catalog", reason: "expected a record such as {\"title\": \"Services\"}")
            }
            return CatalogInfo(value)
        },
        encode: \.value)

    /// The declarations of the four keys.
    static let declarations = [
        items.declaration, selected.declaration, mode.declaration, catalog.declaration,
    ]

    /// Every item must be a service record, and no id may repeat.
    private static func decodeItems(_ value: Value) throws(StateError) -> CatalogIndex {
        guard let list = value.listValue else {
            throw .invalidValue(key: items.name, reason: "expected a list of services")
        }
        var seen = Set<String>()
        for (index, item) in list.enumerated() {
            guard let service = Service(item) else {
                throw .invalidValue(
                    key: items.name,
                    reason: "item \(index + 1) is not a service {id: string, title: string, "
                        + "price: whole roubles from 0 to \(Price.grouped(Price.range.upperBound)), …}")
            }
            guard seen.insert(service.id).inserted else {
                throw .invalidValue(key: items.name, reason: "id '\(service.id)' appears twice")
            }
        }
        return CatalogIndex(items: list)
    }
}
