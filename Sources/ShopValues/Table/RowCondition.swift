/// A condition on the rows of a ``RecordTable``, made once from a `where` condition by the runtime
/// and checked a column at a time (``RecordTable/rows(where:)``).
///
/// Its comparisons mean exactly what ``ComparisonOperator/evaluate(_:_:pattern:)`` means for
/// the row's value of the column (null where the row lacks the field) and the constant.
public indirect enum RowCondition: Sendable {
    /// `FIELD OP CONSTANT`; `pattern` is the constant compiled, for `matches`.
    case comparison(column: Int, ComparisonOperator, Value, pattern: Pattern?)
    /// A test of the row's value of the column (a lone field: whether it counts as true).
    case test(column: Int, @Sendable (Value) -> Bool)
    case not(RowCondition)
    case and(RowCondition, RowCondition)
    case or(RowCondition, RowCondition)
}

extension RecordTable {
    /// What filtering by a ``RowCondition`` gives: the rows kept, and for each column a
    /// comparison read, whether some row read it had the field (so that a field no row had is
    /// an error, as per row).
    public struct FilterOutcome: Sendable {
        /// The table of the rows kept, in order.
        public let table: RecordTable
        /// Per column the condition read on at least one row: whether one of those rows had it.
        public let columnsRead: [Int: Bool]
    }

    /// The rows for which `condition` holds; `and` reads its right side only on the rows its
    /// left kept, `or` only on those it did not, as per-row evaluation does. Nil when a row
    /// meets a comparison that cannot be decided (`5 < 'x'`: an error per row, which the
    /// caller words by checking row by row). Throws `CancellationError` or a pattern's error.
    public func rows(where condition: RowCondition) async throws -> FilterOutcome? {
        try await Column.readAll(Set(condition.columns).sorted().map { columns[$0] })
        var filter = RowFilter(table: self)
        guard let kept = try filter.rows(.all(count), where: condition) else { return nil }
        let table: RecordTable
        switch kept {
        case .all: table = self
        case .rows(let rows): table = gathering(RowIndices(rows))
        }
        return FilterOutcome(table: table, columnsRead: filter.columnsRead)
    }
}

extension RowCondition {
    /// The columns it reads.
    var columns: [Int] {
        switch self {
        case .comparison(let column, _, _, _), .test(let column, _): [column]
        case .not(let inner): inner.columns
        case .and(let left, let right), .or(let left, let right): left.columns + right.columns
        }
    }
}

/// Rows of a table, in increasing order: all of them, or some.
enum RowSelection {
    case all(Int)
    case rows([UInt32])

    var count: Int {
        switch self {
        case .all(let count): count
        case .rows(let rows): rows.count
        }
    }

    /// Calls `body` with each row, in order.
    @inline(__always) func forEachRow(_ body: (Int) throws -> Void) rethrows {
        switch self {
        case .all(let count): for row in 0..<count { try body(row) }
        case .rows(let rows): for row in rows { try body(Int(row)) }
        }
    }

    /// The rows of this selection not in `subset` (which is within it).
    func removing(_ subset: [UInt32]) -> [UInt32] {
        var remaining: [UInt32] = []
        remaining.reserveCapacity(count - subset.count)
        var next = 0
        forEachRow { row in
            if next < subset.count, Int(subset[next]) == row {
                next += 1
            } else {
                remaining.append(UInt32(row))
            }
        }
        return remaining
    }
}

/// Checks a ``RowCondition`` over selections of rows, a column at a time.
private struct RowFilter {
    let table: RecordTable
    var columnsRead: [Int: Bool] = [:]
    private var checked = 0

    init(table: RecordTable) {
        self.table = table
    }

    /// The rows of `selection` for which `condition` holds; nil when one cannot be decided.
    mutating func rows(_ selection: RowSelection, where condition: RowCondition) throws -> RowSelection? {
        switch condition {
        case .and(let left, let right):
            guard let kept = try rows(selection, where: left) else { return nil }
            return try rows(kept, where: right)
        case .or(let left, let right):
            guard case .rows(let first)? = try rows(selection, where: left).map(Self.explicit) else { return nil }
            guard case .rows(let second)? = try rows(.rows(selection.removing(first)), where: right).map(Self.explicit)
            else { return nil }
            return .rows(Self.union(first, second))
        case .not(let inner):
            guard case .rows(let held)? = try rows(selection, where: inner).map(Self.explicit) else { return nil }
            return .rows(selection.removing(held))
        case .comparison(let column, let comparator, let constant, let pattern):
            note(column, selection)
            return try LeafCheck(
                column: table.columns[column], constant: constant, comparator: comparator, pattern: pattern
            )
            .rows(selection, checked: &checked)
        case .test(let column, let test):
            note(column, selection)
            let cells = table.columns[column].cells
            var kept: [UInt32] = []
            try selection.forEachRow { row in
                try Self.checkCancellation(&checked)
                if test(cells.value(at: row)) { kept.append(UInt32(row)) }
            }
            return .rows(kept)
        }
    }

    /// Notes that `column` is read on `selection`, and whether a row of it has the field.
    private mutating func note(_ column: Int, _ selection: RowSelection) {
        guard selection.count > 0, columnsRead[column] != true else { return }
        let has: Bool
        if table.shapes.isUniform {
            has = true
        } else {
            var found = false
            selection.forEachRow { row in
                if !found, table.shapes.shape(ofRow: row).columns.contains(column) { found = true }
            }
            has = found
        }
        columnsRead[column] = has
    }

    static func explicit(_ selection: RowSelection) -> RowSelection {
        if case .all(let count) = selection { return .rows((0..<count).map { UInt32($0) }) }
        return selection
    }

    /// Two increasing lists of rows with none in common, merged.
    static func union(_ left: [UInt32], _ right: [UInt32]) -> [UInt32] {
        var merged: [UInt32] = []
        merged.reserveCapacity(left.count + right.count)
        var (i, j) = (0, 0)
        while i < left.count || j < right.count {
            if j == right.count || (i < left.count && left[i] < right[j]) {
                merged.append(left[i])
                i += 1
            } else {
                merged.append(right[j])
                j += 1
            }
        }
        return merged
    }

    /// Throws `CancellationError` when the task is cancelled, looking every so many rows.
    @inline(__always) static func checkCancellation(_ checked: inout Int) throws {
        checked &+= 1
        if checked & (ParallelParts.rowsBetweenChecks - 1) == 0 { try Task.checkCancellation() }
    }
}
