import ShopPluginAPI

/// One sort key's values for every item, kept in the narrowest form that orders them fast:
/// whole numbers, strings, or values of mixed types in `sort`'s total order.
struct SortColumn {
    private enum Storage {
        case ints([Int])
        case strings([String])
        case values(ValueList)
    }

    private let storage: Storage
    private let descending: Bool

    init(_ values: ValueList, descending: Bool) {
        self.descending = descending
        if let ints = Self.all(values, { if case .int(let int)? = $0.number { int } else { nil } }) {
            storage = .ints(ints)
        } else if let strings = Self.all(values, \.stringValue) {
            storage = Self.ranked(strings).map(Storage.ints) ?? .strings(strings)
        } else {
            storage = .values(values)
        }
    }

    /// How the items at `lhs` and `rhs` are ordered by this key, its direction applied.
    @inline(__always)
    func order(_ lhs: Int, _ rhs: Int) -> ValueOrder {
        let ascending: ValueOrder
        switch storage {
        case .ints(let ints): ascending = Self.order(ints[lhs], ints[rhs])
        case .strings(let strings): ascending = Self.order(strings[lhs], strings[rhs])
        case .values(let values):
            let (left, right) = (values[lhs], values[rhs])
            ascending =
                left.isEqual(to: right)
                ? .orderedSame : (left.sortsBefore(right) ? .orderedAscending : .orderedDescending)
        }
        guard descending else { return ascending }
        switch ascending {
        case .orderedAscending: return .orderedDescending
        case .orderedDescending: return .orderedAscending
        case .orderedSame: return .orderedSame
        }
    }

    @inline(__always)
    private static func order<T: Comparable>(_ lhs: T, _ rhs: T) -> ValueOrder {
        lhs < rhs ? .orderedAscending : (lhs == rhs ? .orderedSame : .orderedDescending)
    }

    /// Each string's place among the distinct strings, sorted, when they are few (as titles in
    /// a catalog are): the sort then compares whole numbers, not strings, in the same order.
    private static func ranked(_ strings: [String]) -> [Int]? {
        var ranks: [String: Int] = [:]
        for string in strings where ranks[string] == nil {
            ranks[string] = 0
            if ranks.count > strings.count / 2 { return nil }
        }
        for (rank, string) in ranks.keys.sorted().enumerated() { ranks[string] = rank }
        return strings.map { ranks[$0] ?? 0 }
    }

    /// Every value converted by `convert`, or nil when one does not convert.
    private static func all<T>(_ values: ValueList, _ convert: (Value) -> T?) -> [T]? {
        var converted: [T] = []
        converted.reserveCapacity(values.count)
        for value in values {
            guard let one = convert(value) else { return nil }
            converted.append(one)
        }
        return converted
    }
}
