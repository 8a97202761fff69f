import ShopKit
import Synchronization

/// The indexes of the catalogs used lately, shared by every session of a plugin value.
///
/// An index is found by the storage of the `services.items` list it was built for (see
/// ``CatalogIndex/describes(_:)``), not by a revision number: two sessions holding different
/// catalogs at the same revision cannot confuse each other, and `undo` back to an earlier
/// catalog finds that catalog's index again. The few most recent indexes are kept.
final class CatalogIndexCache: Sendable {
    private let recent = Mutex<[CatalogIndex]>([])
    /// How many indexes are kept.
    static let capacity = 3

    init() {}

    /// The index of `items`, made (cheaply — its parts are built on first use) when new.
    func index(for items: [Value]) -> CatalogIndex {
        recent.withLock { recent in
            if let found = recent.firstIndex(where: { $0.describes(items) }) {
                let index = recent.remove(at: found)
                recent.insert(index, at: 0)
                return index
            }
            let index = CatalogIndex(items: items)
            Self.add(index, to: &recent)
            return index
        }
    }

    /// Keeps an index made elsewhere (by `services load`, which knows more about the ids).
    func remember(_ index: CatalogIndex) {
        recent.withLock { recent in
            recent.removeAll { $0.describes(index.items) }
            Self.add(index, to: &recent)
        }
    }

    private static func add(_ index: CatalogIndex, to recent: inout [CatalogIndex]) {
        recent.insert(index, at: 0)
        if recent.count > capacity { recent.removeLast(recent.count - capacity) }
    }
}
