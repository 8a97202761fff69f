import ShopPluginAPI
import Synchronization

/// Finds a catalog's services by id without scanning the catalog, and ids by prefix for Tab.
///
/// It is the model of the `services.items` key: the store keeps it with the list, so it is
/// made once per catalog, and `undo` brings it back with the list.
///
/// When the loader saw that the ids are ASCII and strictly increasing, lookups are binary
/// searches over the items themselves and nothing is built. Otherwise its parts are built
/// when first needed — the id table on the first lookup, the sorted order on the first
/// completion — under a lock, since sessions share it.
final class CatalogIndex: Sendable {
    /// The items described.
    let items: ValueList
    /// Whether the ids are known to be ASCII, unique and in increasing order.
    private let idsAreSortedASCII: Bool
    private let parts: Mutex<Parts>

    /// The parts built so far.
    private struct Parts: Sendable {
        var table: IDTable?
        /// Positions of items ordered by id; nil until needed, or when the items are in id order.
        var sortedPositions: [UInt32]?
        /// Whether the items were found to be in id order already.
        var itemsAreInIDOrder = false
    }

    /// An index of `items`; `idsAreSortedASCII` says the ids are known to be ASCII, unique and increasing.
    init(items: ValueList, idsAreSortedASCII: Bool = false) {
        self.items = items
        self.idsAreSortedASCII = idsAreSortedASCII
        self.parts = Mutex(Parts())
    }

    /// The position (0-based) of the service with this id.
    func position(of id: String) -> Int? {
        // Sorted ASCII ids are searched directly. (A non-ASCII query still goes through the table:
        // Swift compares strings by canonical equivalence, and "\u{212A}" equals "K".)
        if idsAreSortedASCII, id.utf8.allSatisfy({ $0 < 0x80 }) { return binarySearch(for: id) }
        return parts.withLock { parts in
            let table = parts.table ?? IDTable(items: items)
            parts.table = table
            return table.position(of: id, in: items)
        }
    }

    private func binarySearch(for id: String) -> Int? {
        var low = 0
        var high = items.count
        while low < high {
            let middle = (low + high) / 2
            let candidate = Service.id(of: items[middle]) ?? ""
            if candidate.utf8.lexicographicallyPrecedes(id.utf8) { low = middle + 1 } else { high = middle }
        }
        guard low < items.count, let found = Service.id(of: items[low]), found.utf8.elementsEqual(id.utf8) else {
            return nil
        }
        return low
    }

    /// The first id that appears twice, with the positions of both items; nil when ids are unique.
    func firstDuplicate() -> (id: String, first: Int, second: Int)? {
        if idsAreSortedASCII { return nil }
        return parts.withLock { parts in
            let table = parts.table ?? IDTable(items: items)
            parts.table = table
            return table.firstDuplicate
        }
    }

    /// Up to `limit` ids that start with `prefix`, in sorted order.
    func ids(startingWith prefix: String, limit: Int) -> [String] {
        if idsAreSortedASCII {
            return collect(prefix: prefix, limit: limit, count: items.count, order: { $0 })
        }
        return parts.withLock { parts in
            if !parts.itemsAreInIDOrder, parts.sortedPositions == nil {
                let positions = IDOrder.sortedPositions(of: items)
                if positions.count == items.count, positions.indices.allSatisfy({ positions[$0] == UInt32($0) }) {
                    parts.itemsAreInIDOrder = true
                } else {
                    parts.sortedPositions = positions
                }
            }
            if parts.itemsAreInIDOrder {
                return collect(prefix: prefix, limit: limit, count: items.count, order: { $0 })
            }
            let positions = parts.sortedPositions ?? []
            return collect(prefix: prefix, limit: limit, count: positions.count, order: { Int(positions[$0]) })
        }
    }

    /// Ids in order from the first that is not before `prefix`, while they start with it.
    /// Ids are ordered by their UTF-8 bytes (Unicode scalar order).
    private func collect(prefix: String, limit: Int, count: Int, order: (Int) -> Int) -> [String] {
        var low = 0
        var high = count
        while low < high {
            let middle = (low + high) / 2
            let id = Service.id(of: items[order(middle)]) ?? ""
            if id.utf8.lexicographicallyPrecedes(prefix.utf8) { low = middle + 1 } else { high = middle }
        }
        var found: [String] = []
        var index = low
        while index < count, found.count < limit {
            guard let id = Service.id(of: items[order(index)]), id.utf8.starts(with: prefix.utf8) else { break }
            found.append(id)
            index += 1
        }
        return found
    }
}
