import Synchronization

/// The order of a sorted table's rows, found when first needed and only as far as it is
/// read: the first rows alone (a bounded heap picks them) while only those are read, as after
/// `sort … | take 10`; every row (sorted on every core) when a verb reads a whole column.
///
/// A row read one at a time is found on the reader's thread, looking for cancellation every
/// ``ParallelParts/rowsBetweenChecks`` rows: when the task is cancelled, nothing is kept and
/// the row is not known (its reader is being stopped, and its result is dropped).
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

    /// Every row in order, found now on this thread if it is not yet: for cells read whole and
    /// kept (a verb reading whole columns finds it first, on every core), so it runs to its end.
    var wholeOrderHere: RowIndices {
        if let order = whole.load() { return order.rows }
        return whole.storeIfNil(WholeOrder(RowIndices(sorter.sortedHere()))).rows
    }

    /// The row at `position` of the order; nil when the task is cancelled before it is found.
    func row(at position: Int) -> Int? {
        if let order = whole.load() { return order.rows[position] }
        guard position < firstRowsLimit else {
            guard let rows = sorter.sortedHereUnlessCancelled() else { return nil }
            return whole.storeIfNil(WholeOrder(RowIndices(rows))).rows[position]
        }
        return first.withLock { known in
            if known.count <= position {
                let wanted = min(firstRowsLimit, max(position + 1, known.count * 2, 64))
                guard let found = sorter.first(wanted) else { return nil }
                known = found
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

    /// The value of row `row`; null when the task is cancelled before the row is known.
    func value(at row: Int) -> Value {
        order.row(at: row).map(base.value(at:)) ?? .null
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

    /// Every row in order, sorted on this thread in runs that look for cancellation
    /// (``sort(_:)``); nil when the task is cancelled.
    func sortedHereUnlessCancelled() -> [UInt32]? {
        guard !Task.isCancelled else { return nil }
        return try? sort((0..<count).map { UInt32($0) })
    }

    /// The first `wanted` rows of the order, in order: a bounded heap of the best rows seen,
    /// its root the last of them, so most rows are turned away by one comparison. Nil when the
    /// task is cancelled (looked for every ``ParallelParts/rowsBetweenChecks`` rows).
    func first(_ wanted: Int) -> [UInt32]? {
        guard wanted > 0 else { return [] }
        var heap: [UInt32] = []
        heap.reserveCapacity(wanted)
        for row in 0..<count {
            if row & (ParallelParts.rowsBetweenChecks - 1) == 0, Task.isCancelled { return nil }
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
