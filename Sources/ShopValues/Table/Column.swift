import Synchronization

/// One field's values for every row of a ``RecordTable``.
///
/// A column is either read (its ``ColumnCells``) or deferred: a CSV column not parsed yet, or
/// the rows of another column gathered or sliced. A deferred column reads one row at a time
/// without reading the rest, and is read whole, once, the first time something asks for all
/// of it (``cells``); after that every row comes from the cells. Reading is safe from any
/// thread: the first reader's cells are kept and every other's dropped.
final class Column: Sendable {
    /// The column's kind, known before it is read.
    let kind: ColumnKind
    /// How many rows it has.
    let count: Int
    /// Where the cells come from while they are not read.
    private let deferred: (any DeferredCells)?
    private let read = AtomicLazyReference<ReadCells>()
    /// The distinct strings of a string column, made when first asked for.
    private let dictionaryCache = AtomicLazyReference<StringDictionary>()

    /// A column of cells already read.
    init(_ cells: ColumnCells) {
        kind = cells.kind
        count = cells.count
        deferred = nil
        _ = read.storeIfNil(ReadCells(cells))
    }

    /// A column read from `deferred` when first needed.
    init(deferred: any DeferredCells, kind: ColumnKind, count: Int) {
        self.kind = kind
        self.count = count
        self.deferred = deferred
    }

    /// Whether the cells are read.
    var isRead: Bool { read.load() != nil }

    /// The cells, read now if they are not yet.
    var cells: ColumnCells {
        if let cells = read.load() { return cells.cells }
        // A column made without cells has a deferred source.
        return fill(deferred.unsafelyUnwrapped.cells())
    }

    /// Keeps `cells` as this column's (read elsewhere, for several columns at once) unless it
    /// has cells already, and returns the cells it keeps.
    @discardableResult
    func fill(_ cells: ColumnCells) -> ColumnCells {
        precondition(cells.count == count, "cells of another length than the column")
        return read.storeIfNil(ReadCells(cells)).cells
    }

    /// The source of a deferred column not read yet.
    var pendingSource: (any DeferredCells)? {
        isRead ? nil : deferred
    }

    /// The value of row `row`.
    func value(at row: Int) -> Value {
        if let cells = read.load() { return cells.cells.value(at: row) }
        return deferred.unsafelyUnwrapped.value(at: row)
    }

    /// The rows `rows` names, in that order: deferred, read through this column.
    func gathering(_ rows: RowIndices) -> Column {
        if let cells = read.load(), rows.count <= Self.eagerGatherLimit {
            return Column(cells.cells.gathering(rows.lazyInts))
        }
        return Column(deferred: GatheredCells(base: self, rows: rows), kind: kind, count: rows.count)
    }

    /// How many rows a gather of read cells copies at once rather than deferring.
    static let eagerGatherLimit = 64

    /// The distinct strings of a string column and each row's code, made once. Throws
    /// `CancellationError` when the task is cancelled while it is made (nothing is kept).
    var dictionary: StringDictionary? {
        get throws {
            if let dictionary = dictionaryCache.load() { return dictionary }
            guard case .strings(let strings) = cells else { return nil }
            return dictionaryCache.storeIfNil(try StringDictionary(strings))
        }
    }

    /// Read cells, as a class for the atomic reference.
    private final class ReadCells: Sendable {
        let cells: ColumnCells
        init(_ cells: ColumnCells) { self.cells = cells }
    }
}

/// Where the cells of a column not read yet come from.
protocol DeferredCells: Sendable {
    /// The value of one row, without reading the others.
    func value(at row: Int) -> Value
    /// Every row's cells.
    func cells() -> ColumnCells
}

/// The rows of a column named by row indices (what `where` and `sort` keep).
struct GatheredCells: DeferredCells {
    let base: Column
    let rows: RowIndices

    func value(at row: Int) -> Value {
        base.value(at: rows[row])
    }

    func cells() -> ColumnCells {
        // A few rows are read one by one; many, from the base read whole.
        if !base.isRead, rows.count < base.count / 8 {
            return ColumnCells.gathered((0..<rows.count).map { base.value(at: rows[$0]) }, kind: base.kind)
        }
        return base.cells.gathering(rows.lazyInts)
    }
}

/// Row numbers into another table, in the order a verb keeps them: 32 bits each.
struct RowIndices: Sendable {
    private(set) var storage: [UInt32]

    init(_ rows: [UInt32]) {
        storage = rows
    }

    /// Rows `range`, in order.
    init(_ range: Range<Int>) {
        storage = range.map { UInt32(truncatingIfNeeded: $0) }
    }

    var count: Int { storage.count }

    @inline(__always) subscript(position: Int) -> Int {
        Int(storage[position])
    }

    /// The rows as `Int`s, without copying.
    var lazyInts: LazyMapSequence<[UInt32], Int> {
        storage.lazy.map { Int($0) }
    }

    /// These rows' rows in `outer`, which these index: `outer[self[i]]`.
    func composed(into outer: RowIndices) -> RowIndices {
        RowIndices(storage.map { outer.storage[Int($0)] })
    }
}

extension ColumnCells {
    /// Cells of `kind` from values read one by one (values of that kind, or null).
    static func gathered(_ values: [Value], kind: ColumnKind) -> ColumnCells {
        var builder = ColumnBuilder(source: [])
        for value in values { builder.append(value) }
        let cells = builder.cells
        return cells.kind == kind || kind == .values ? cells : .values(values)
    }
}
