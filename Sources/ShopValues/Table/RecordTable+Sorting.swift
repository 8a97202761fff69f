extension RecordTable {
    /// One key of a sort: a column and its direction.
    public struct SortKey: Sendable {
        public var column: Int
        public var descending: Bool

        public init(column: Int, descending: Bool) {
            self.column = column
            self.descending = descending
        }
    }

    /// The table's rows in the order of `keys` — `sort`'s order: null first, then each kind by
    /// its value (numbers across int and double, strings as `String`s), `desc` reversing a
    /// key, rows equal on every key in their own order. Nil when a key is a column of values
    /// (several types), which only the values' own order sorts. Throws `CancellationError`.
    public func sorted(by keys: [SortKey]) async throws -> RecordTable? {
        let columns = keys.map { self.columns[$0.column] }
        try await Column.readAll(columns)
        var sortKeys: [SortKeyColumn] = []
        for (key, column) in zip(keys, columns) {
            guard let sortKey = SortKeyColumn(column, descending: key.descending) else { return nil }
            sortKeys.append(sortKey)
        }
        let order = try await RowSorter(keys: sortKeys, count: count).sorted()
        return gathering(RowIndices(order))
    }
}

/// A column as a sort key: its values read as ordered 64-bit words (unsigned order of the
/// words is `sort`'s order of the values), nulls apart.
struct SortKeyColumn: Sendable {
    private enum Words {
        case ints([Int])
        case doubles([Double])
        case bools([Bool])
        /// A string column: each row's dictionary code, and each code's rank.
        case ranks(codes: [UInt32], ranks: [UInt32])
    }

    private let words: Words
    let nulls: NullMask?
    let descending: Bool
    /// How many distinct words there are at most, when that is small (ranks of strings, bools):
    /// rows can then be put in buckets by this key.
    let distinctLimit: Int?

    init?(_ column: Column, descending: Bool) {
        self.descending = descending
        switch column.cells {
        case .ints(let cells):
            words = .ints(cells.values)
            nulls = cells.nulls
            distinctLimit = nil
        case .doubles(let cells):
            words = .doubles(cells.values)
            nulls = cells.nulls
            distinctLimit = nil
        case .bools(let cells):
            words = .bools(cells.values)
            nulls = cells.nulls
            distinctLimit = 2
        case .strings(let cells):
            guard let dictionary = column.dictionary else { return nil }
            let ranks = dictionary.ranks
            words = .ranks(codes: dictionary.codes, ranks: ranks)
            nulls = cells.nulls
            distinctLimit = ranks.count
        case .values:
            return nil
        }
    }

    /// The word of row `row` (not null).
    @inline(__always) private func word(_ row: Int) -> UInt64 {
        switch words {
        case .ints(let ints): UInt64(bitPattern: Int64(ints[row])) ^ (1 << 63)
        case .doubles(let doubles): Self.orderedBits(doubles[row])
        case .bools(let bools): bools[row] ? 1 : 0
        case .ranks(let codes, let ranks): UInt64(ranks[Int(codes[row])])
        }
    }

    /// A double's bits, turned so that unsigned order is numeric order (`-0` as `0`).
    @inline(__always) static func orderedBits(_ double: Double) -> UInt64 {
        let bits = (double == 0 ? 0.0 : double).bitPattern
        return bits >> 63 == 1 ? ~bits : bits | (1 << 63)
    }

    /// How rows `lhs` and `rhs` compare on this key, direction applied: -1, 0 or 1.
    @inline(__always) func compare(_ lhs: Int, _ rhs: Int) -> Int {
        let ascending: Int
        if let nulls {
            let (leftNull, rightNull) = (nulls.isNull(lhs), nulls.isNull(rhs))
            if leftNull || rightNull {
                ascending = leftNull == rightNull ? 0 : (leftNull ? -1 : 1)
                return descending ? -ascending : ascending
            }
        }
        let (left, right) = (word(lhs), word(rhs))
        ascending = left == right ? 0 : (left < right ? -1 : 1)
        return descending ? -ascending : ascending
    }

    /// The bucket of a row for a key of few distinct words: nulls first (last when
    /// descending), then the words in order.
    @inline(__always) func bucket(_ row: Int) -> Int {
        let limit = distinctLimit ?? 0
        let isNull = nulls?.isNull(row) ?? false
        let ascending = isNull ? 0 : Int(word(row)) + 1
        return descending ? limit - ascending : ascending
    }
}

/// Sorts row numbers by sort keys, stably, on every core.
struct RowSorter: Sendable {
    let keys: [SortKeyColumn]
    let count: Int

    /// Keys with at most this many distinct words bucket the rows first.
    static let bucketLimit = 1 << 16

    func sorted() async throws -> [UInt32] {
        guard count > 1, let first = keys.first else { return (0..<count).map { UInt32($0) } }
        if let limit = first.distinctLimit, limit < Self.bucketLimit {
            return try await bucketed(by: first, limit: limit)
        }
        return try await merged()
    }

    /// Rows put in buckets by the first key (a counting sort, stable), each bucket sorted by
    /// the other keys.
    private func bucketed(by first: SortKeyColumn, limit: Int) async throws -> [UInt32] {
        var starts = [Int](repeating: 0, count: limit + 2)
        for row in 0..<count { starts[first.bucket(row) + 1] += 1 }
        for bucket in 1..<starts.count { starts[bucket] += starts[bucket - 1] }
        var next = starts
        var order = [UInt32](repeating: 0, count: count)
        for row in 0..<count {
            let bucket = first.bucket(row)
            order[next[bucket]] = UInt32(row)
            next[bucket] += 1
        }
        guard keys.count > 1 else { return order }
        let rest = RowSorter(keys: Array(keys.dropFirst()), count: count)
        let bucketRanges = (0..<limit + 1).map { starts[$0]..<starts[$0 + 1] }.filter { $0.count > 1 }
        // Buckets dealt to parts so that each part has about as many rows.
        let parts = min(ParallelParts.count, max(1, count / 65_536))
        var dealt = [[Range<Int>]](repeating: [], count: parts)
        var sizes = [Int](repeating: 0, count: parts)
        for range in bucketRanges.sorted(by: { $0.count > $1.count }) {
            let smallest = sizes.indices.min { sizes[$0] < sizes[$1] } ?? 0
            dealt[smallest].append(range)
            sizes[smallest] += range.count
        }
        let (unsorted, dealtParts) = (order, dealt)
        let sortedBuckets = try await ParallelParts.map(parts) { part in
            try dealtParts[part].map { range in
                try Task.checkCancellation()
                return (range, rest.sort(Array(unsorted[range])))
            }
        }
        for part in sortedBuckets {
            for (range, rows) in part { order.replaceSubrange(range, with: rows) }
        }
        return order
    }

    /// Rows sorted in parts on every core, then merged.
    private func merged() async throws -> [UInt32] {
        let parts = min(ParallelParts.count, max(1, count / 65_536))
        let count = self.count
        let sortedParts = try await ParallelParts.map(parts) { part in
            sort((count * part / parts..<count * (part + 1) / parts).map { UInt32($0) })
        }
        var order = sortedParts[0]
        for part in sortedParts.dropFirst() {
            try Task.checkCancellation()
            order = merge(order, part)
        }
        return order
    }

    /// `rows` (in increasing order) sorted by the keys; equal rows keep their order.
    func sort(_ rows: [UInt32]) -> [UInt32] {
        var rows = rows
        rows.sort { lhs, rhs in precedes(Int(lhs), Int(rhs)) }
        return rows
    }

    /// Whether row `lhs` comes before row `rhs`: by the keys, then by position.
    @inline(__always) func precedes(_ lhs: Int, _ rhs: Int) -> Bool {
        for key in keys {
            let order = key.compare(lhs, rhs)
            if order != 0 { return order < 0 }
        }
        return lhs < rhs
    }

    /// Two sorted runs merged into one.
    private func merge(_ left: [UInt32], _ right: [UInt32]) -> [UInt32] {
        var merged: [UInt32] = []
        merged.reserveCapacity(left.count + right.count)
        var (i, j) = (0, 0)
        while i < left.count, j < right.count {
            if precedes(Int(right[j]), Int(left[i])) {
                merged.append(right[j])
                j += 1
            } else {
                merged.append(left[i])
                i += 1
            }
        }
        merged.append(contentsOf: left[i...])
        merged.append(contentsOf: right[j...])
        return merged
    }
}

extension Column {
    /// Reads every column of `columns` that is not read yet, those of one CSV file in one pass
    /// on every core.
    static func readAll(_ columns: [Column]) async throws {
        try await SourceColumnCells.readTogether(columns.map(\.root))
        for column in columns { _ = column.cells }
    }
}
