import ShopKit
import Synchronization

/// Finds a catalog's services by id without scanning the catalog, and ids by prefix for Tab.
///
/// An index belongs to one `services.items` list and keeps that list alive: while it lives,
/// no other list can have the same storage, so ``describes(_:)`` can tell by address alone
/// whether a list read from the state is the one it was built for (see ``CatalogIndexCache``).
/// Its parts are built when first needed — the id table on the first lookup, the sorted order
/// on the first completion — under a lock, since sessions share it.
final class CatalogIndex: Sendable {
    /// The items described.
    let items: [Value]
    private let parts: Mutex<Parts>

    /// The parts built so far.
    private struct Parts: Sendable {
        var table: IDTable?
        /// Positions of items ordered by id; nil until needed, or while the items are known to be in id order.
        var sortedPositions: [UInt32]?
        /// Whether the items are in strictly increasing id order already.
        var itemsAreSorted: Bool
    }

    /// An index of `items`; `idsAreSortedASCII` says the ids are known to be unique and increasing.
    init(items: [Value], idsAreSortedASCII: Bool = false) {
        self.items = items
        self.parts = Mutex(Parts(table: nil, sortedPositions: nil, itemsAreSorted: idsAreSortedASCII))
    }

    /// Whether `list` is the very list this index was built for (same storage), in O(1).
    func describes(_ list: [Value]) -> Bool {
        guard list.count == items.count else { return false }
        return list.withUnsafeBufferPointer { listBuffer in
            items.withUnsafeBufferPointer { $0.baseAddress == listBuffer.baseAddress }
        }
    }

    /// The position (0-based) of the service with this id.
    func position(of id: String) -> Int? {
        parts.withLock { parts in
            let table = parts.table ?? IDTable(items: items)
            parts.table = table
            return table.position(of: id, in: items)
        }
    }

    /// The first id that appears twice, with the positions of both items; nil when ids are unique.
    func firstDuplicate() -> (id: String, first: Int, second: Int)? {
        parts.withLock { parts in
            if parts.itemsAreSorted { return nil }
            let table = parts.table ?? IDTable(items: items)
            parts.table = table
            return table.firstDuplicate
        }
    }

    /// Up to `limit` ids that start with `prefix`, in sorted order.
    func ids(startingWith prefix: String, limit: Int) -> [String] {
        parts.withLock { parts in
            if !parts.itemsAreSorted, parts.sortedPositions == nil {
                let positions = IDOrder.sortedPositions(of: items)
                if positions.count == items.count, positions.indices.allSatisfy({ positions[$0] == UInt32($0) }) {
                    parts.itemsAreSorted = true
                } else {
                    parts.sortedPositions = positions
                }
            }
            let order: (Int) -> Int
            let count: Int
            if parts.itemsAreSorted {
                order = { $0 }
                count = items.count
            } else {
                let positions = parts.sortedPositions ?? []
                order = { Int(positions[$0]) }
                count = positions.count
            }
            return collect(prefix: prefix, limit: limit, count: count, order: order)
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
