extension RecordTable {
    /// The rows of a join, in the joined order: per joined row, a row of the left side and a
    /// row of the right side, either of which may be missing (an unmatched row kept alone).
    public struct JoinedRows: Sendable {
        /// The left rows and the right rows, ``missing`` where a side has none.
        private(set) var left: [UInt32] = []
        private(set) var right: [UInt32] = []

        /// A side's row number where it has no row.
        static let missing = UInt32.max

        public init() {}

        /// How many joined rows there are.
        public var count: Int { left.count }

        public mutating func reserveCapacity(_ count: Int) {
            left.reserveCapacity(count)
            right.reserveCapacity(count)
        }

        /// Adds a joined row: a left row and a right row, either nil.
        public mutating func append(left leftRow: Int?, right rightRow: Int?) {
            left.append(leftRow.map { UInt32(truncatingIfNeeded: $0) } ?? Self.missing)
            right.append(rightRow.map { UInt32(truncatingIfNeeded: $0) } ?? Self.missing)
        }

        /// Adds a joined row by row numbers, ``missing`` for a side without a row.
        @inline(__always) mutating func append(leftRow: UInt32, rightRow: UInt32) {
            left.append(leftRow)
            right.append(rightRow)
        }

        /// The left row of joined row `index`, or nil.
        public func leftRow(_ index: Int) -> Int? {
            left[index] == Self.missing ? nil : Int(left[index])
        }

        /// The right row of joined row `index`, or nil.
        public func rightRow(_ index: Int) -> Int? {
            right[index] == Self.missing ? nil : Int(right[index])
        }
    }

    /// Reads the columns of `fields` that are not read yet, on every core (fields that are not
    /// columns are skipped), so that reading their values row by row reads no file.
    public func read(fields: [String]) async throws {
        try await Column.readAll(fields.compactMap(columnIndex(of:)).map { columns[$0] })
    }

    /// The table of a join of `left` and `right`: per joined row, `leftFields` of its left row
    /// and then `rightFields` of its right row, named `names`, every row having every field (null
    /// where its side has no row, or the row lacks the field). `sharedKey`, the left key field
    /// and the right one, fills the left key from the right row where the left side has none.
    /// Columns are gathered by the rows when first read; none is copied here.
    public static func joining(
        _ left: RecordTable, fields leftFields: [String], _ right: RecordTable, fields rightFields: [String],
        names: FieldNames, rows: JoinedRows, sharedKey: (left: String, right: String)?
    ) -> RecordTable {
        precondition(leftFields.count + rightFields.count == names.count, "a name for each field")
        // Every left row once, in order (a left join where no row matched twice): the left
        // columns are the left table's own.
        let leftIsWhole = rows.count == left.count && rows.left.indices.allSatisfy { rows.left[$0] == UInt32($0) }
        var columns: [Column] = []
        for field in leftFields {
            guard let column = left.columnIndex(of: field).map({ left.columns[$0] }) else {
                columns.append(Column(.nulls(rows.count)))
                continue
            }
            var fallback: PairedCells.Source?
            if let sharedKey, field == sharedKey.left, let rightKey = right.columnIndex(of: sharedKey.right) {
                fallback = PairedCells.Source(column: right.columns[rightKey], rows: rows.right)
            }
            if leftIsWhole && fallback == nil {
                columns.append(column)
            } else {
                columns.append(PairedCells.column(PairedCells.Source(column: column, rows: rows.left), or: fallback))
            }
        }
        for field in rightFields {
            guard let column = right.columnIndex(of: field).map({ right.columns[$0] }) else {
                columns.append(Column(.nulls(rows.count)))
                continue
            }
            columns.append(PairedCells.column(PairedCells.Source(column: column, rows: rows.right), or: nil))
        }
        return RecordTable(
            fields: names.names, columns: columns, count: rows.count, shapes: TableShapes(uniform: names))
    }
}

/// A column of a join: each row read from a row of one column, or where that side has no row,
/// from a row of a second column (the right key filling a shared left key), else null.
struct PairedCells: DeferredCells {
    /// A column and, per joined row, its row there (``RecordTable/JoinedRows/missing`` for none).
    struct Source: Sendable {
        let column: Column
        let rows: [UInt32]

        @inline(__always) func value(at row: Int) -> Value? {
            let sourceRow = rows[row]
            guard sourceRow != RecordTable.JoinedRows.missing else { return Value?.none }
            return column.value(at: Int(sourceRow))
        }
    }

    let primary: Source
    let fallback: Source?

    /// A deferred column reading `primary`, then `fallback`.
    static func column(_ primary: Source, or fallback: Source?) -> Column {
        let cells = PairedCells(primary: primary, fallback: fallback)
        return Column(deferred: cells, kind: cells.kind, count: primary.rows.count)
    }

    /// The sources' kind when they agree, else values.
    var kind: ColumnKind {
        guard let fallback, fallback.column.kind != primary.column.kind else { return primary.column.kind }
        return .values
    }

    func value(at row: Int) -> Value {
        primary.value(at: row) ?? fallback?.value(at: row) ?? .null
    }

    func cells() -> ColumnCells {
        if fallback == nil, !primary.rows.contains(RecordTable.JoinedRows.missing) {
            return primary.column.cells.gathering(primary.rows.lazy.map { Int($0) })
        }
        return ColumnCells.gathered((0..<primary.rows.count).map(value(at:)), kind: kind)
    }
}
