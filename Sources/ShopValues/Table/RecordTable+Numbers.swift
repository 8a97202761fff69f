extension RecordTable {
    /// The figures of a column of numbers over some rows, as `sum`, `avg`, `min` and `max`
    /// take them: nulls skipped, ints added as ints until a double comes, every number also
    /// added as a double in row order, the first smallest and largest kept.
    public struct NumberFigures: Sendable {
        /// How many numbers there were.
        public internal(set) var count = 0
        /// The sum while every number was an int.
        public internal(set) var intSum = 0
        /// Whether that sum left the 64-bit integers.
        public internal(set) var overflowed = false
        /// The sum as doubles, in row order.
        public internal(set) var doubleSum = 0.0
        /// Whether a double came.
        public internal(set) var hasDouble = false
        /// The rows of the first smallest and largest numbers.
        public internal(set) var minimumRow: Int?
        public internal(set) var maximumRow: Int?
    }

    /// The figures of column `column` for each group (`rowGroups` gives each row's, of
    /// `groupCount`; nil for one group of every row); nil unless the column holds numbers.
    public func numberFigures(ofColumn column: Int, rowGroups: [UInt32]?, groupCount: Int = 1) async throws
        -> [NumberFigures]?
    {
        try await Column.readAll([columns[column]])
        var figures = [NumberFigures](repeating: NumberFigures(), count: groupCount)
        switch columns[column].cells {
        case .ints(let ints):
            for row in 0..<count where !ints.isNull(row) {
                let group = rowGroups.map { Int($0[row]) } ?? 0
                let int = ints.values[row]
                figures[group].add(int: int, row: row) { ints.values[$0] }
            }
        case .doubles(let doubles):
            for row in 0..<count where !doubles.isNull(row) {
                let group = rowGroups.map { Int($0[row]) } ?? 0
                figures[group].add(double: doubles.values[row], row: row) { doubles.values[$0] }
            }
        default:
            return nil
        }
        return figures
    }
}

extension RecordTable.NumberFigures {
    fileprivate mutating func add(int: Int, row: Int, valueAt: (Int) -> Int) {
        if !hasDouble {
            let (sum, overflow) = intSum.addingReportingOverflow(int)
            intSum = sum
            overflowed = overflowed || overflow
        }
        doubleSum += Double(int)
        count += 1
        if let minimumRow, valueAt(minimumRow) <= int {} else { minimumRow = row }
        if let maximumRow, valueAt(maximumRow) >= int {} else { maximumRow = row }
    }

    fileprivate mutating func add(double: Double, row: Int, valueAt: (Int) -> Double) {
        hasDouble = true
        doubleSum += double
        count += 1
        if let minimumRow, valueAt(minimumRow) <= double {} else { minimumRow = row }
        if let maximumRow, valueAt(maximumRow) >= double {} else { maximumRow = row }
    }
}
