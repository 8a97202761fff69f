extension Value {
    /// Whether two values are equal for `expect` and `where`: numbers compare by value across
    /// int, double and exact numbers, exactly (`9007199254740993 == 9007199254740992.0` is
    /// false, though the int rounds to that double); a date equals ISO 8601 text of the same
    /// instant; everything else must have the same type and contents.
    public func isEqual(to other: Value) -> Bool {
        if let lhs = number, let rhs = other.number { return Self.compare(lhs, rhs) == .orderedSame }
        switch (self, other) {
        case (.date, .string), (.string, .date): return compare(to: other) == .orderedSame
        default: return self == other
        }
    }

    /// Orders two values of comparable types (numbers with numbers, exactly across int and
    /// double; strings with strings; bools with bools; dates with dates, or with ISO 8601
    /// text; durations with durations); nil when they cannot be ordered.
    public func compare(to other: Value) -> ValueOrder? {
        switch (self, other) {
        case (.int(let lhs), .int(let rhs)): return Self.order(lhs, rhs)
        case (.string(let lhs), .string(let rhs)): return Self.order(lhs, rhs)
        case (.bool(let lhs), .bool(let rhs)): return Self.order(lhs ? 1 : 0, rhs ? 1 : 0)
        case (.date(let lhs), .date(let rhs)): return Self.order(lhs, rhs)
        case (.duration(let lhs), .duration(let rhs)): return Self.order(lhs, rhs)
        // ISO 8601 text beside a date is read as one: `where released > 2024-01-01`.
        case (.date(let lhs), .string(let rhs)): return (try? DateTime(iso: rhs)).map { Self.order(lhs, $0) }
        case (.string(let lhs), .date(let rhs)): return (try? DateTime(iso: lhs)).map { Self.order($0, rhs) }
        default:
            guard let lhs = number, let rhs = other.number else { return nil }
            return Self.compare(lhs, rhs)
        }
    }

    /// How two numbers stand, exactly across int and double; nil when either is NaN.
    static func compare(_ lhs: Number, _ rhs: Number) -> ValueOrder? {
        switch (lhs, rhs) {
        case (.int(let lhs), .int(let rhs)): order(lhs, rhs)
        case (.double(let lhs), .double(let rhs)): lhs.isNaN || rhs.isNaN ? nil : order(lhs, rhs)
        case (.int(let lhs), .double(let rhs)): compare(lhs, rhs)
        case (.double(let lhs), .int(let rhs)): compare(rhs, lhs).map(\.reversed)
        }
    }

    /// How an int stands to a double, without rounding the int to a double first (which
    /// loses bits past 2⁵³); nil for NaN.
    static func compare(_ int: Int, _ double: Double) -> ValueOrder? {
        let twoToThe63 = 9_223_372_036_854_775_808.0
        if double.isNaN { return nil }
        if double >= twoToThe63 { return .orderedAscending }
        if double < -twoToThe63 { return .orderedDescending }
        // Within [-2⁶³, 2⁶³) the whole part of the double is an exact Int.
        let whole = double.rounded(.down)
        let wholeInt = Int(whole)
        if int != wholeInt { return int < wholeInt ? .orderedAscending : .orderedDescending }
        return whole == double ? .orderedSame : .orderedAscending
    }

    /// A total order over all values, for `sort`: null, bools, numbers, durations, dates,
    /// strings, lists, records;
    /// values of one kind by their natural order.
    public func sortsBefore(_ other: Value) -> Bool {
        if let order = compare(to: other) { return order == .orderedAscending }
        if sortRank != other.sortRank { return sortRank < other.sortRank }
        return plainText < other.plainText
    }

    private var sortRank: Int {
        switch self {
        case .null: 0
        case .bool: 1
        case .int, .double, .exact: 2
        case .duration: 3
        case .date: 4
        case .string: 5
        case .list: 6
        case .record: 7
        }
    }

    private static func order<T: Comparable>(_ lhs: T, _ rhs: T) -> ValueOrder {
        lhs < rhs ? .orderedAscending : (lhs == rhs ? .orderedSame : .orderedDescending)
    }
}

/// How two values are ordered.
public enum ValueOrder: Sendable, Equatable {
    case orderedAscending
    case orderedSame
    case orderedDescending

    /// The order seen from the other side.
    var reversed: ValueOrder {
        switch self {
        case .orderedAscending: .orderedDescending
        case .orderedSame: .orderedSame
        case .orderedDescending: .orderedAscending
        }
    }
}
