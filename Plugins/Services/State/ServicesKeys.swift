import ShopKit

/// The state keys the plugin owns, with their initial values and what `state load` accepts.
enum ServicesKeys {
    /// The catalog: a list of `{id, title, description, price, icon}`.
    static let items = "services.items"
    /// The selected ids, in selection order.
    static let selected = "services.selected"
    /// `single` or `multi`.
    static let mode = "services.mode"
    /// Where the catalog came from and its words: `{source, shape, title, actionTitle, selectedActionTitle}`.
    static let catalog = "services.catalog"

    /// The declarations of the four keys.
    static let declarations: [StateKeyDeclaration] = [
        StateKeyDeclaration(
            key: items, abstract: "the catalog: a list of {id, title, description, price, icon}",
            initialValue: { .list(EmbeddedCatalog.catalog.items) }, validate: validateItems),
        StateKeyDeclaration(
            key: selected, abstract: "the selected service ids, in selection order", initialValue: { .list([]) },
            validate: { value throws(StateError) in
                guard let ids = value.listValue, ids.allSatisfy({ $0.stringValue != nil }) else {
                    throw .invalidValue(key: selected, reason: "expected a list of service ids (strings)")
                }
            }),
        StateKeyDeclaration(
            key: mode, abstract: "\"single\" or \"multi\"", initialValue: { .string(SelectionMode.single.rawValue) },
            validate: { value throws(StateError) in
                guard value.stringValue.flatMap(SelectionMode.init(rawValue:)) != nil else {
                    throw .invalidValue(key: mode, reason: "expected \"single\" or \"multi\"")
                }
            }),
        StateKeyDeclaration(
            key: catalog, abstract: "where the catalog came from, its heading and button words",
            initialValue: { EmbeddedCatalog.catalog.info.value },
            validate: { value throws(StateError) in
                guard value.recordValue != nil else {
                    throw .invalidValue(key: catalog, reason: "expected a record such as {\"title\": \"Services\"}")
                }
            }),
    ]

    /// Every item must be a service record, and no id may repeat.
    private static func validateItems(_ value: Value) throws(StateError) {
        guard let list = value.listValue else { throw .invalidValue(key: items, reason: "expected a list of services") }
        var seen = Set<String>()
        for (index, item) in list.enumerated() {
            guard let service = Service(item) else {
                throw .invalidValue(
                    key: items,
                    reason: "item \(index + 1) is not a service {id: string, title: string, "
                        + "price: whole roubles from 0 to \(Price.grouped(Price.range.upperBound)), …}")
            }
            guard seen.insert(service.id).inserted else {
                throw .invalidValue(key: items, reason: "id '\(service.id)' appears twice")
            }
        }
    }
}
