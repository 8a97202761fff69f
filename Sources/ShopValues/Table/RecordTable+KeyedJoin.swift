extension RecordTable {
    /// The joined rows of `left` and `right` by their key columns `leftColumn` and `rightColumn`
    /// when both hold ints, or both hold strings that are all ASCII: each key is hashed as its
    /// column stores it (an int as itself, a string as its bytes, which for ASCII is how
    /// `String` compares), and no `Value` is made. Nil for any other pair of columns, which only
    /// the keys' values can join.
    ///
    /// The rows are those that joining the key values gives: left rows in order, each with its
    /// matches in right order; a null key (or a row without the field) matches nothing. With
    /// `keepingLeft` a left row without a match comes alone; with `keepingRight` the right rows
    /// without one come after, in order. The key columns are read here if they are not yet.
    /// Throws `CancellationError` when the task is cancelled.
    public static func joinedRows(
        _ left: RecordTable, column leftColumn: Int, _ right: RecordTable, column rightColumn: Int,
        keepingLeft: Bool, keepingRight: Bool
    ) throws -> JoinedRows? {
        switch (left.columns[leftColumn].cells, right.columns[rightColumn].cells) {
        case (.ints(let leftInts), .ints(let rightInts)):
            var groups: [Int: UInt32] = [:]
            let chains = try KeyChains(rows: right.count) { row, newGroup in
                guard !rightInts.isNull(row) else { return nil }
                let key = rightInts.values[row]
                if let group = groups[key] { return group }
                groups[key] = newGroup
                return newGroup
            }
            return try chains.joined(
                leftRows: left.count, keepingLeft: keepingLeft, keepingRight: keepingRight
            ) { row in
                leftInts.isNull(row) ? nil : groups[leftInts.values[row]]
            }
        case (.strings(let leftStrings), .strings(let rightStrings)) where leftStrings.isASCII && rightStrings.isASCII:
            return try rightStrings.withReader { rightReader in
                var table = ByteHashTable()
                var firstRows: [Int] = []
                let chains = try KeyChains(rows: right.count) { row, newGroup in
                    guard !rightStrings.isNull(row) else { return nil }
                    let group = table.insert(rightReader[row], code: newGroup) { rightReader[firstRows[Int($0)]] }
                    if group == newGroup { firstRows.append(row) }
                    return group
                }
                return try leftStrings.withReader { leftReader in
                    try chains.joined(leftRows: left.count, keepingLeft: keepingLeft, keepingRight: keepingRight) {
                        row in
                        guard !leftStrings.isNull(row) else { return nil }
                        return table.find(leftReader[row]) { rightReader[firstRows[Int($0)]] }
                    }
                }
            }
        default:
            return nil
        }
    }
}

/// The right rows of a join grouped by key, each group's rows chained in order: built once over
/// the right key column, then walked for each left row whose key finds a group.
private struct KeyChains {
    /// Per group, its first right row.
    private var heads: [UInt32] = []
    /// Per group, its last right row so far (while building).
    private var tails: [UInt32] = []
    /// Per right row, the next row of its group (``RecordTable/JoinedRows/missing`` after the last).
    private var next: [UInt32]
    /// Per right row, its group (``RecordTable/JoinedRows/missing`` for a null key).
    private var rowGroups: [UInt32]

    /// The chains of `rows` right rows, `group(row, newGroup)` giving a row's group: an
    /// existing one, `newGroup` for a key not seen before, or nil for a null key.
    init(rows: Int, group: (_ row: Int, _ newGroup: UInt32) throws -> UInt32?) throws {
        let missing = RecordTable.JoinedRows.missing
        next = [UInt32](repeating: missing, count: rows)
        rowGroups = [UInt32](repeating: missing, count: rows)
        for row in 0..<rows {
            try ParallelParts.checkCancellation(atRow: row)
            guard let found = try group(row, UInt32(heads.count)) else { continue }
            let rowNumber = UInt32(truncatingIfNeeded: row)
            rowGroups[row] = found
            if Int(found) == heads.count {
                heads.append(rowNumber)
                tails.append(rowNumber)
            } else {
                next[Int(tails[Int(found)])] = rowNumber
                tails[Int(found)] = rowNumber
            }
        }
    }

    /// The joined rows of `leftRows` left rows, `group(row)` giving the group a left row's key
    /// finds (nil for none or a null key).
    func joined(
        leftRows: Int, keepingLeft: Bool, keepingRight: Bool, group: (Int) throws -> UInt32?
    ) throws -> RecordTable.JoinedRows {
        let missing = RecordTable.JoinedRows.missing
        var rows = RecordTable.JoinedRows()
        rows.reserveCapacity(keepingLeft ? leftRows : min(leftRows, rowGroups.count))
        var groupMatched = [Bool](repeating: false, count: keepingRight ? heads.count : 0)
        for row in 0..<leftRows {
            try ParallelParts.checkCancellation(atRow: row)
            let leftRow = UInt32(truncatingIfNeeded: row)
            guard let found = try group(row) else {
                if keepingLeft { rows.append(leftRow: leftRow, rightRow: missing) }
                continue
            }
            if keepingRight { groupMatched[Int(found)] = true }
            var rightRow = heads[Int(found)]
            while rightRow != missing {
                rows.append(leftRow: leftRow, rightRow: rightRow)
                rightRow = next[Int(rightRow)]
            }
        }
        if keepingRight {
            for (row, found) in rowGroups.enumerated() where found == missing || !groupMatched[Int(found)] {
                rows.append(leftRow: missing, rightRow: UInt32(truncatingIfNeeded: row))
            }
        }
        return rows
    }
}
