/// Which rows of a column hold null: one bit a row, set for null.
///
/// A column without nulls has no mask at all (`nil`), which is what nearly every column of a
/// file is; the verbs test for that once, not per row.
struct NullMask: Sendable, Equatable {
    /// The bits, 64 rows a word, row `i` at bit `i % 64` of word `i / 64`.
    private(set) var words: [UInt64]
    /// How many rows the mask covers.
    private(set) var count: Int

    /// A mask of `count` rows, none null.
    init(count: Int) {
        words = [UInt64](repeating: 0, count: (count + 63) / 64)
        self.count = count
    }

    /// Whether row `row` is null.
    @inline(__always) func isNull(_ row: Int) -> Bool {
        words[row &>> 6] & (1 &<< UInt64(row & 63)) != 0
    }

    /// Marks row `row` null.
    mutating func setNull(_ row: Int) {
        words[row &>> 6] |= 1 &<< UInt64(row & 63)
    }

    /// Adds one row at the end, null or not.
    mutating func append(isNull: Bool) {
        if count & 63 == 0 { words.append(0) }
        if isNull { words[count &>> 6] |= 1 &<< UInt64(count & 63) }
        count += 1
    }

    /// Whether any row is null.
    var hasNull: Bool { words.contains { $0 != 0 } }

    /// The mask of the rows `rows` names, in that order.
    func gathering(_ rows: some Collection<Int>) -> NullMask {
        var mask = NullMask(count: rows.count)
        for (position, row) in rows.enumerated() where isNull(row) { mask.setNull(position) }
        return mask
    }

    /// The masks of two columns one after the other; a column without one counts as no nulls.
    static func joined(_ parts: [(mask: NullMask?, count: Int)]) -> NullMask? {
        guard parts.contains(where: { $0.mask != nil }) else { return nil }
        var joined = NullMask(count: 0)
        joined.words.reserveCapacity(parts.reduce(0) { $0 + $1.count } / 64 + 1)
        for part in parts {
            for row in 0..<part.count { joined.append(isNull: part.mask?.isNull(row) ?? false) }
        }
        return joined
    }
}
