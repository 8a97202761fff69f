import Synchronization

/// The order of a sorted table's rows, found when first needed and only as far as it is
/// read: the first rows alone (a bounded heap picks them) while only those are read, as after
/// `sort … | take 10`; every row (sorted on every core) when a verb reads a whole column.
final class LazyRowOrder: Sendable {
    private let sorter: RowSorter
    private let whole = AtomicLazyReference<WholeOrder>()
    /// The first rows in order, as many as have been read so far (while the whole is not).
    private let first = Mutex<[UInt32]>([])

    /// Positions past this are read from the whole order.
    private var firstRowsLimit: Int { min(sorter.count / 8, 4096) }

    init(_ sorter: RowSorter) {
        self.sorter = sorter
    }

    /// Whether the whole order is found.
    var isWhole: Bool { whole.load() != nil }

    /// Every row in order, found now on every core if it is not yet. Throws
    /// `CancellationError` (and keeps nothing) when the task is cancelled.
    func wholeOrder() async throws -> RowIndices {
        if let order = whole.load() { return order.rows }
        let rows = try await sorter.sorted()
        return whole.storeIfNil(WholeOrder(RowIndices(rows))).rows
    }

    /// Every row in order, found now on this thread if it is not yet: for a reader that reads
    /// every row one at a time (a verb reading whole columns finds it first, on every core).
    var wholeOrderHere: RowIndices {
        if let order = whole.load() { return order.rows }
        return whole.storeIfNil(WholeOrder(RowIndices(sorter.sortedHere()))).rows
    }

    /// The row at `position` of the order.
    func row(at position: Int) -> Int {
        if let order = whole.load() { return order.rows[position] }
        guard position < firstRowsLimit else { return wholeOrderHere[position] }
        return first.withLock { known in
            if known.count <= position {
                known = sorter.first(min(firstRowsLimit, max(position + 1, known.count * 2, 64)))
            }
            return Int(known[position])
        }
    }

    /// The whole order, as a class for the atomic reference.
    private final class WholeOrder: Sendable {
        let rows: RowIndices
        init(_ rows: RowIndices) { self.rows = rows }
    }
}

/// The rows of a column in the order of a sorted table (``LazyRowOrder``).
struct OrderedCells: DeferredCells {
    let base: Column
    let order: LazyRowOrder

    func value(at row: Int) -> Value {
        base.value(at: order.row(at: row))
    }

    func cells() -> ColumnCells {
        base.cells.gathering(order.wholeOrderHere.lazyInts)
    }
}

extension RowSorter {
    /// Every row in order, sorted on this thread (no look for cancellation: for a reader that
    /// cannot stop).
    func sortedHere() -> [UInt32] {
        var rows = (0..<count).map { UInt32($0) }
        rows.sort { lhs, rhs in precedes(Int(lhs), Int(rhs)) }
        return rows
    }

    /// The first `wanted` rows of the order, in order: a bounded heap of the best rows seen,
    /// its root the last of them, so most rows are turned away by one comparison.
    func first(_ wanted: Int) -> [UInt32] {
        guard wanted > 0 else { return [] }
        var heap: [UInt32] = []
        heap.reserveCapacity(wanted)
        for row in 0..<count {
            if heap.count < wanted {
                heap.append(UInt32(row))
                siftUp(&heap, from: heap.count - 1)
            } else if precedes(row, Int(heap[0])) {
                heap[0] = UInt32(row)
                siftDown(&heap, from: 0)
            }
        }
        heap.sort { lhs, rhs in precedes(Int(lhs), Int(rhs)) }
        return heap
    }

    /// Moves the row at `index` up while it follows its parent (the heap's root is the row
    /// that comes last in the order).
    private func siftUp(_ heap: inout [UInt32], from index: Int) {
        var child = index
        while child > 0 {
            let parent = (child - 1) / 2
            guard precedes(Int(heap[parent]), Int(heap[child])) else { return }
            heap.swapAt(parent, child)
            child = parent
        }
    }

    /// Moves the row at `index` down while a child follows it.
    private func siftDown(_ heap: inout [UInt32], from index: Int) {
        var parent = index
        while true {
            let (left, right) = (parent * 2 + 1, parent * 2 + 2)
            var last = parent
            if left < heap.count, precedes(Int(heap[last]), Int(heap[left])) { last = left }
            if right < heap.count, precedes(Int(heap[last]), Int(heap[right])) { last = right }
            guard last != parent else { return }
            heap.swapAt(parent, last)
            parent = last
        }
    }
}
