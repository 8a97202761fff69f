extension RecordTable {
    /// The rows of a table in groups of equal values of one column, in the order each value
    /// is first seen.
    public struct Groups: Sendable {
        /// Per group, the first row with its value (whose value is the group's key).
        public let firstRows: [Int]
        /// Per row, its group.
        public let rowGroups: [UInt32]

        /// How many groups there are.
        public var count: Int { firstRows.count }

        /// The rows of each group, in order.
        public var rows: [[Int]] {
            var rows = [[Int]](repeating: [], count: firstRows.count)
            for (row, group) in rowGroups.enumerated() { rows[Int(group)].append(row) }
            return rows
        }
    }

    /// The rows grouped by column `column`, values equal as `group` takes them (`2.0` with
    /// `2`, one null group); nil for a column of values (several types), which only the values
    /// themselves group.
    public func groups(byColumn column: Int) async throws -> Groups? {
        try await Column.readAll([columns[column]])
        var grouper = Grouper(count: count)
        let cells = columns[column].cells
        switch cells {
        case .ints(let ints):
            var groups: [Int: UInt32] = [:]
            for row in 0..<count {
                try ParallelParts.checkCancellation(atRow: row)
                if ints.isNull(row) {
                    grouper.addNull(row)
                } else {
                    grouper.add(row, key: ints.values[row], in: &groups)
                }
            }
        case .doubles(let doubles):
            var groups: [UInt64: UInt32] = [:]
            for row in 0..<count {
                try ParallelParts.checkCancellation(atRow: row)
                if doubles.isNull(row) {
                    grouper.addNull(row)
                } else {
                    let double = doubles.values[row]
                    grouper.add(row, key: (double == 0 ? 0.0 : double).bitPattern, in: &groups)
                }
            }
        case .bools(let bools):
            var groups: [Bool: UInt32] = [:]
            for row in 0..<count {
                try ParallelParts.checkCancellation(atRow: row)
                if bools.isNull(row) {
                    grouper.addNull(row)
                } else {
                    grouper.add(row, key: bools.values[row], in: &groups)
                }
            }
        case .strings:
            guard let dictionary = try columns[column].dictionary else { return nil }
            let groupCodes = dictionary.groupCodes
            var groups = [UInt32](repeating: UInt32.max, count: groupCodes.count)
            for row in 0..<count {
                try ParallelParts.checkCancellation(atRow: row)
                let code = dictionary.codes[row]
                guard code != StringDictionary.nullCode else {
                    grouper.addNull(row)
                    continue
                }
                let key = Int(groupCodes[Int(code)])
                if groups[key] == UInt32.max { groups[key] = grouper.newGroup(firstRow: row) }
                grouper.rowGroups.append(groups[key])
            }
        case .values:
            return nil
        }
        return Groups(firstRows: grouper.firstRows, rowGroups: grouper.rowGroups)
    }
}

/// Gives rows their groups, in the order groups are first seen.
private struct Grouper {
    var firstRows: [Int] = []
    var rowGroups: [UInt32] = []
    private var nullGroup: UInt32?

    init(count: Int) {
        rowGroups.reserveCapacity(count)
    }

    mutating func newGroup(firstRow row: Int) -> UInt32 {
        firstRows.append(row)
        return UInt32(firstRows.count - 1)
    }

    mutating func add<Key: Hashable>(_ row: Int, key: Key, in groups: inout [Key: UInt32]) {
        if let group = groups[key] {
            rowGroups.append(group)
        } else {
            let group = newGroup(firstRow: row)
            groups[key] = group
            rowGroups.append(group)
        }
    }

    mutating func addNull(_ row: Int) {
        if nullGroup == nil { nullGroup = newGroup(firstRow: row) }
        rowGroups.append(nullGroup.unsafelyUnwrapped)
    }
}
