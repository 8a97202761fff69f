extension RecordTable {
    /// How the strings of a column follow each other, read once over their bytes.
    public struct StringColumnFacts: Sendable, Equatable {
        /// Whether some string is empty.
        public let hasEmpty: Bool
        /// Whether every byte of every string is ASCII.
        public let isASCII: Bool
        /// Whether each row's bytes come strictly after the previous row's (byte order).
        public let isStrictlyIncreasing: Bool
    }

    /// The facts of column `column`, or nil unless it is a column of strings without nulls.
    public func stringFacts(ofColumn column: Int) -> StringColumnFacts? {
        guard case .strings(let cells) = columns[column].cells, !(cells.nulls?.hasNull ?? false) else { return nil }
        return cells.withReader { reader in
            var hasEmpty = false
            var isStrictlyIncreasing = true
            for row in 0..<cells.count {
                let bytes = reader[row]
                if bytes.isEmpty { hasEmpty = true }
                if isStrictlyIncreasing, row > 0 {
                    isStrictlyIncreasing = reader[row - 1].lexicographicallyPrecedes(bytes)
                }
            }
            return StringColumnFacts(
                hasEmpty: hasEmpty, isASCII: cells.isASCII, isStrictlyIncreasing: isStrictlyIncreasing)
        }
    }

    /// The first row of column `column` whose string equals an earlier row's, as Swift
    /// compares strings (the same text in another Unicode form is equal), with that earlier
    /// row; nil when every string differs or the column does not hold strings. Null rows are
    /// skipped. The column's distinct strings are hashed once and kept for `group` and `sort`.
    public func firstRepeatedString(inColumn column: Int) -> (first: Int, second: Int)? {
        guard let dictionary = columns[column].dictionary else { return nil }
        let groupCodes = dictionary.groupCodes
        var firstRows = [Int](repeating: -1, count: groupCodes.count)
        for (row, code) in dictionary.codes.enumerated() where code != StringDictionary.nullCode {
            let group = Int(groupCodes[Int(code)])
            if firstRows[group] >= 0 { return (firstRows[group], row) }
            firstRows[group] = row
        }
        return nil
    }

    /// The smallest and largest number of an int column without nulls; nil for any other
    /// column, or one without rows.
    public func intRange(ofColumn column: Int) -> ClosedRange<Int>? {
        guard case .ints(let cells) = columns[column].cells, !(cells.nulls?.hasNull ?? false),
            let smallest = cells.values.min(), let largest = cells.values.max()
        else { return nil }
        return smallest...largest
    }
}
