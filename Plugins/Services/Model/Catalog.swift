import ShopPluginAPI

/// A catalog as read: its item records, which of them the source marks selected, and how to
/// present it.
struct Catalog: Sendable {
    /// The item records, all sharing ``Service/fieldNames``.
    var items: ValueList
    /// The ids the source marks `isSelected`, in the source's order.
    var preselected: [String]
    /// The heading, button and confirmation words, and where the catalog came from.
    var info: CatalogInfo
    /// Whether the ids are plain ASCII in strictly increasing order, which proves them unique
    /// and sorted without building an index.
    var idsAreSortedASCII: Bool
}
