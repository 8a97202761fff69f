import ShopPluginAPI

/// The relational join of `join RIGHT --on FIELD`: each record of the input (the left side)
/// with each record of RIGHT whose key field holds an equal value, by a hash of the right
/// side's keys.
///
/// Every joined record has the left side's fields, then the right side's (the union of each
/// side's fields, in the order first seen); a right field whose name the left side has is
/// named `right_NAME`, and the right key is left out when it has the left key's name (its value
/// is the same). Keys compare as `where ==` does (`2` matches `2.0`); a null or missing key
/// matches nothing. `--left` keeps left records without a match (right fields null), `--right`
/// right records without one (left fields null, a shared key filled from the right), `--outer`
/// both. Left records come in order, each with its matches in RIGHT's order, then the unmatched
/// right records in order.
///
/// It pairs rows first (``pairs(left:right:)``) and makes the joined rows from the pairs after:
/// records from records, or, when both sides are tables, a table whose columns are gathered
/// from theirs by the pairs.
struct RelationalJoin {
    /// Which unmatched records are kept.
    enum Kind: Sendable {
        case inner, left, right, outer

        var keepsLeft: Bool { self == .left || self == .outer }
        var keepsRight: Bool { self == .right || self == .outer }
    }

    /// The verb, for messages.
    let command: String
    let leftKey: String
    let rightKey: String
    let kind: Kind

    /// The joined records of `left` (the input) and `right`: a table when both are tables (its
    /// columns gathered from theirs), else records.
    func join(_ left: ValueList, _ right: ValueList) async throws -> ValueList {
        if let leftTable = left.table, let rightTable = right.table {
            return ValueList(try await join(leftTable, rightTable, items: (left, right)))
        }
        let leftRecords = try records(of: left, side: nil)
        let rightRecords = try records(of: right, side: "RIGHT")
        try requireKey(leftKey, in: left, isPresent: leftRecords.contains { $0[leftKey] != nil }, side: nil)
        try requireKey(rightKey, in: right, isPresent: rightRecords.contains { $0[rightKey] != nil }, side: "RIGHT")
        let rows = try pairs(
            left: (leftRecords.count, { leftRecords[$0][leftKey] }),
            right: (rightRecords.count, { rightRecords[$0][rightKey] }))
        let (leftColumns, rightColumns) = columns(left, right)
        return ValueList(
            try records(from: rows, left: (leftRecords, leftColumns), right: (rightRecords, rightColumns)))
    }

    /// Two tables joined by their key columns.
    private func join(
        _ left: RecordTable, _ right: RecordTable, items: (left: ValueList, right: ValueList)
    ) async throws -> RecordTable {
        let leftColumn = left.columnIndex(of: leftKey)
        let rightColumn = right.columnIndex(of: rightKey)
        try requireKey(leftKey, in: items.left, isPresent: leftColumn.map(left.someRowHas) ?? false, side: nil)
        try requireKey(rightKey, in: items.right, isPresent: rightColumn.map(right.someRowHas) ?? false, side: "RIGHT")
        try await left.read(fields: [leftKey])
        try await right.read(fields: [rightKey])
        let rows =
            try keyedRows(left, leftColumn, right, rightColumn)
            ?? pairs(
                left: (left.count, { row in leftColumn.map { left.value(column: $0, row: row) } }),
                right: (right.count, { row in rightColumn.map { right.value(column: $0, row: row) } }))
        let (leftColumns, rightColumns) = columns(items.left, items.right)
        return RecordTable.joining(
            left, fields: leftColumns, right, fields: rightColumns,
            names: FieldNames(leftColumns + renamed(rightColumns, after: leftColumns)), rows: rows,
            sharedKey: rightKey == leftKey ? (leftKey, rightKey) : nil)
    }

    /// The joined rows of two tables hashed by their key columns as stored, when the columns'
    /// kinds allow it (``RecordTable/joinedRows(_:column:_:column:keepingLeft:keepingRight:)``);
    /// nil when a side lacks the column or only the key values can join them.
    func keyedRows(
        _ left: RecordTable, _ leftColumn: Int?, _ right: RecordTable, _ rightColumn: Int?
    ) throws -> RecordTable.JoinedRows? {
        guard let leftColumn, let rightColumn else { return nil }
        return try RecordTable.joinedRows(
            left, column: leftColumn, right, column: rightColumn, keepingLeft: kind.keepsLeft,
            keepingRight: kind.keepsRight)
    }

    /// The fields each side gives the joined records: the right key is left out when it has
    /// the left key's name.
    private func columns(_ left: ValueList, _ right: ValueList) -> (left: [String], right: [String]) {
        (left.fieldNames, right.fieldNames.filter { rightKey != leftKey || $0 != rightKey })
    }

    /// The right side's fields as the joined records name them: `right_NAME` for a name taken.
    private func renamed(_ rightColumns: [String], after leftColumns: [String]) -> [String] {
        var taken = Set(leftColumns)
        return rightColumns.map { name in
            var output = name
            while taken.contains(output) { output = "right_" + output }
            taken.insert(output)
            return output
        }
    }

    /// The items as records; an error names the first that is not one.
    private func records(of items: ValueList, side: String?) throws -> [Record] {
        var records: [Record] = []
        records.reserveCapacity(items.count)
        for (index, item) in items.enumerated() {
            guard case .record(let record) = item else {
                guard let side else {
                    throw VerbError.notRecord(command: command, item: index + 1, got: item.describedType)
                }
                throw VerbError.invalid(
                    command: command,
                    reason: "\(side) must be a list of records; its item \(index + 1) is \(item.describedType)")
            }
            records.append(record)
        }
        return records
    }

    /// Throws when no record of a side that has records has the key field, naming the nearest.
    private func requireKey(_ key: String, in items: ValueList, isPresent: Bool, side: String?) throws {
        guard !items.isEmpty, !isPresent else { return }
        let suggestion = FieldPath(key).suggestion(in: items)
        guard let side else { throw VerbError.noField(command: command, field: key, suggestion: suggestion) }
        throw VerbError.invalid(command: command, reason: "\(side) has no field '\(key)'" + suggestion.text)
    }

    /// The joined rows of a left side and a right side, each given as its count of rows and
    /// the key value of a row (nil where the row lacks the key); checks for cancellation every
    /// few thousand rows.
    func pairs(
        left: (count: Int, key: (Int) -> Value?), right: (count: Int, key: (Int) -> Value?)
    ) throws -> RecordTable.JoinedRows {
        var matches: [GroupKey: [Int]] = [:]
        for index in 0..<right.count {
            if index % 4096 == 0 { try Task.checkCancellation() }
            guard let key = right.key(index), !key.isNull else { continue }
            matches[GroupKey(key), default: []].append(index)
        }
        var rows = RecordTable.JoinedRows()
        rows.reserveCapacity(kind.keepsLeft ? left.count : min(left.count, right.count))
        var matchedRight = kind.keepsRight ? [Bool](repeating: false, count: right.count) : []
        for index in 0..<left.count {
            if index % 4096 == 0 { try Task.checkCancellation() }
            let found = left.key(index).flatMap { $0.isNull ? nil : matches[GroupKey($0)] } ?? []
            if found.isEmpty {
                if kind.keepsLeft { rows.append(left: index, right: nil) }
                continue
            }
            for match in found {
                rows.append(left: index, right: match)
                if kind.keepsRight { matchedRight[match] = true }
            }
        }
        if kind.keepsRight {
            for index in 0..<right.count where !matchedRight[index] { rows.append(left: nil, right: index) }
        }
        return rows
    }

    /// The records the joined rows make, all with the same fields: each side's columns.
    private func records(
        from rows: RecordTable.JoinedRows, left: (records: [Record], columns: [String]),
        right: (records: [Record], columns: [String])
    ) throws -> [Value] {
        let (leftColumns, rightColumns) = (left.columns, right.columns)
        let names = FieldNames(leftColumns + renamed(rightColumns, after: leftColumns))
        var leftReader = ColumnReader(columns: leftColumns)
        var rightReader = ColumnReader(columns: rightColumns)
        let sharedKey = rightKey == leftKey ? leftColumns.firstIndex(of: leftKey) : nil
        var joined: [Value] = []
        joined.reserveCapacity(rows.count)
        for index in 0..<rows.count {
            if index % 4096 == 0 { try Task.checkCancellation() }
            var builder = Record.Builder(names: names)
            let rightRow = rows.rightRow(index)
            if let leftRow = rows.leftRow(index) {
                leftReader.append(left.records[leftRow], to: &builder)
            } else {
                for column in leftColumns.indices {
                    let fromRight = column == sharedKey ? rightRow.flatMap { right.records[$0][rightKey] } : nil
                    builder.append(fromRight ?? .null)
                }
            }
            if let rightRow {
                rightReader.append(right.records[rightRow], to: &builder)
            } else {
                for _ in rightColumns { builder.append(.null) }
            }
            joined.append(.record(builder.record))
        }
        return joined
    }
}

/// Reads a fixed list of fields from records, by positions found once per shape of record.
private struct ColumnReader {
    let columns: [String]
    private var names: FieldNames?
    private var positions: [Int?] = []

    init(columns: [String]) {
        self.columns = columns
    }

    /// Appends the record's value of each column (null where it has none) to `builder`.
    mutating func append(_ record: Record, to builder: inout Record.Builder) {
        if record.names !== names {
            names = record.names
            positions = columns.map { record.names.position(of: $0) }
        }
        let values = record.values
        for position in positions { builder.append(position.map { values[$0] } ?? .null) }
    }
}
