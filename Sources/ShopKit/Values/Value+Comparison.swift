extension Value {
    /// Whether two values are equal for `expect` and `where`: numbers compare by value across
    /// int and double, everything else must have the same type and contents.
    public func isEqual(to other: Value) -> Bool {
        switch (self, other) {
        case (.int(let lhs), .double(let rhs)): Double(lhs) == rhs
        case (.double(let lhs), .int(let rhs)): lhs == Double(rhs)
        default: self == other
        }
    }

    /// Orders two values of comparable types (numbers with numbers, strings with strings,
    /// bools with bools); nil when they cannot be ordered.
    public func compare(to other: Value) -> ValueOrder? {
        switch (self, other) {
        case (.int(let lhs), .int(let rhs)): return Self.order(lhs, rhs)
        case (.string(let lhs), .string(let rhs)): return Self.order(lhs, rhs)
        case (.bool(let lhs), .bool(let rhs)): return Self.order(lhs ? 1 : 0, rhs ? 1 : 0)
        default:
            guard let lhs = doubleValue, let rhs = other.doubleValue else { return nil }
            return Self.order(lhs, rhs)
        }
    }

    /// A total order over all values, for `sort`: null, bools, numbers, strings, lists, records;
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
        case .int, .double: 2
        case .string: 3
        case .list: 4
        case .record: 5
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
}
