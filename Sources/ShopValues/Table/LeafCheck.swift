#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One comparison of a ``RowCondition`` — a column against a constant — checked over a
/// selection of rows: by the column's kind where it has one (numbers as numbers, strings as
/// bytes when both sides are ASCII, `matches` once per distinct string), else value by value.
/// Either way the answer is ``ComparisonOperator/evaluate(_:_:pattern:)``'s, with null rows
/// false where that cannot order them, as `where` has it.
struct LeafCheck {
    let column: Column
    let constant: Value
    let comparator: ComparisonOperator
    let pattern: Pattern?

    /// What a row's check gave: held, did not, or cannot be decided (an error per row).
    private enum Answer {
        case holds, fails, undecided
    }

    /// The rows of `selection` for which the comparison holds; nil when one cannot be decided.
    func rows(_ selection: RowSelection, checked: inout Int) throws -> RowSelection? {
        switch column.cells {
        case .ints(let cells) where constant.number != nil || constant.isNull:
            return try numbers(selection, checked: &checked, isNull: cells.isNull) { row in
                Self.order(cells.values[row], self.constant.number.unsafelyUnwrapped)
            }
        case .doubles(let cells) where constant.number != nil || constant.isNull:
            return try numbers(selection, checked: &checked, isNull: cells.isNull) { row in
                Self.order(cells.values[row], self.constant.number.unsafelyUnwrapped)
            }
        case .strings(let cells) where constant.stringValue != nil && comparator != .matches:
            return try strings(cells, selection, checked: &checked)
        case .strings(let cells) where comparator == .matches && pattern != nil:
            return try matches(cells, selection, checked: &checked)
        default:
            let cells = column.cells
            return try each(selection, checked: &checked) { row in
                let value = cells.value(at: row)
                if let holds = try comparator.evaluate(value, constant, pattern: pattern) {
                    return holds ? .holds : .fails
                }
                return value.isNull || constant.isNull ? .fails : .undecided
            }
        }
    }

    /// A column of numbers against a number or null; `order(row)` orders a row's number
    /// against the constant (only asked when both are numbers).
    private func numbers(
        _ selection: RowSelection, checked: inout Int, isNull: (Int) -> Bool, order: (Int) -> ValueOrder?
    ) throws -> RowSelection? {
        if constant.isNull {
            let wantsNull = comparator == .equal
            guard comparator == .equal || comparator == .notEqual else { return .rows([]) }
            return try each(selection, checked: &checked) { isNull($0) == wantsNull ? .holds : .fails }
        }
        let comparator = self.comparator
        return try each(selection, checked: &checked) { row in
            if isNull(row) { return comparator == .notEqual ? .holds : .fails }
            guard let order = order(row) else { return .undecided }
            let holds: Bool
            switch comparator {
            case .equal: holds = order == .orderedSame
            case .notEqual: holds = order != .orderedSame
            case .less: holds = order == .orderedAscending
            case .lessOrEqual: holds = order != .orderedDescending
            case .greater: holds = order == .orderedDescending
            case .greaterOrEqual: holds = order != .orderedAscending
            case .contains, .matches: return .undecided
            }
            return holds ? .holds : .fails
        }
    }

    /// How an int stands to a number, exactly.
    @inline(__always) static func order(_ int: Int, _ number: Number) -> ValueOrder? {
        switch number {
        case .int(let other): int < other ? .orderedAscending : (int == other ? .orderedSame : .orderedDescending)
        case .double(let double): Value.compare(int, double)
        }
    }

    /// How a double stands to a number, exactly.
    @inline(__always) static func order(_ double: Double, _ number: Number) -> ValueOrder? {
        switch number {
        case .int(let int): Value.compare(int, double).map(\.reversed)
        case .double(let other):
            double.isNaN || other.isNaN
                ? nil : (double < other ? .orderedAscending : (double == other ? .orderedSame : .orderedDescending))
        }
    }

    /// A column of strings against a string: bytes when both are ASCII, `String`s otherwise.
    private func strings(_ cells: StringCells, _ selection: RowSelection, checked: inout Int) throws -> RowSelection? {
        let needle = constant.stringValue ?? ""
        let needleIsASCII = needle.utf8.allSatisfy { $0 < 0x80 }
        let comparator = self.comparator
        var needleText = needle
        return try needleText.withUTF8 { needleBytes in
            try cells.withReader { reader in
                try each(selection, checked: &checked) { row in
                    if cells.isNull(row) { return comparator == .notEqual ? .holds : .fails }
                    let bytes = reader[row]
                    let holds: Bool
                    if needleIsASCII, cells.isASCII {
                        holds = Self.compare(bytes, needleBytes, comparator)
                    } else {
                        let text = String(decoding: bytes, as: UTF8.self)
                        guard
                            let held = try comparator.evaluate(.string(text), .string(needle), pattern: pattern)
                        else { return .undecided }
                        holds = held
                    }
                    return holds ? .holds : .fails
                }
            }
        }
    }

    /// `comparator` over ASCII bytes, which order and compare as their strings do.
    @inline(__always) private static func compare(
        _ cell: UnsafeBufferPointer<UInt8>, _ needle: UnsafeBufferPointer<UInt8>, _ comparator: ComparisonOperator
    ) -> Bool {
        switch comparator {
        case .equal: return ByteHashTable.equal(cell, needle)
        case .notEqual: return !ByteHashTable.equal(cell, needle)
        case .contains:
            guard let needleStart = needle.baseAddress, !needle.isEmpty else { return true }
            guard let cellStart = cell.baseAddress, cell.count >= needle.count else { return false }
            return Self.contains(cellStart, cell.count, needleStart, needle.count)
        default:
            let order = Self.byteOrder(cell, needle)
            switch comparator {
            case .less: return order < 0
            case .lessOrEqual: return order <= 0
            case .greater: return order > 0
            default: return order >= 0
            }
        }
    }

    /// Whether the `needleCount` bytes at `needle` (at least one) occur in the `count` at
    /// `bytes`: `memchr` to each place the first byte occurs, `memcmp` there.
    private static func contains(
        _ bytes: UnsafePointer<UInt8>, _ count: Int, _ needle: UnsafePointer<UInt8>, _ needleCount: Int
    ) -> Bool {
        var offset = 0
        while count - offset >= needleCount,
            let found = memchr(bytes + offset, Int32(needle[0]), count - offset - needleCount + 1)
        {
            let at = bytes.distance(to: found.assumingMemoryBound(to: UInt8.self))
            if memcmp(bytes + at, needle, needleCount) == 0 { return true }
            offset = at + 1
        }
        return false
    }

    /// -1, 0 or 1 as `left` sorts before, with or after `right`, byte by byte.
    private static func byteOrder(_ left: UnsafeBufferPointer<UInt8>, _ right: UnsafeBufferPointer<UInt8>) -> Int {
        let common = min(left.count, right.count)
        if common > 0, let leftStart = left.baseAddress, let rightStart = right.baseAddress {
            let order = memcmp(leftStart, rightStart, common)
            if order != 0 { return order < 0 ? -1 : 1 }
        }
        return left.count == right.count ? 0 : (left.count < right.count ? -1 : 1)
    }

    /// `matches` over a column of strings: once per distinct string.
    private func matches(_ cells: StringCells, _ selection: RowSelection, checked: inout Int) throws -> RowSelection? {
        guard let dictionary = try column.dictionary, let pattern else { return nil }
        var answers = [Bool?](repeating: nil, count: dictionary.distinct.count)
        return try each(selection, checked: &checked) { row in
            let code = dictionary.codes[row]
            if code == StringDictionary.nullCode { return .fails }
            if let known = answers[Int(code)] { return known ? .holds : .fails }
            let held = try pattern.matches(in: dictionary.distinct.string(at: Int(code)) ?? "")
            answers[Int(code)] = held
            return held ? .holds : .fails
        }
    }

    /// The rows of `selection` whose answer is `holds`; nil at the first undecided one.
    private func each(_ selection: RowSelection, checked: inout Int, _ answer: (Int) throws -> Answer) throws
        -> RowSelection?
    {
        var kept: [UInt32] = []
        var undecided = false
        try selection.forEachRow { row in
            guard !undecided else { return }
            checked &+= 1
            if checked & (ParallelParts.rowsBetweenChecks - 1) == 0 { try Task.checkCancellation() }
            switch try answer(row) {
            case .holds: kept.append(UInt32(row))
            case .fails: break
            case .undecided: undecided = true
            }
        }
        return undecided ? nil : .rows(kept)
    }
}
