extension Value {
    /// Values are equal when they have the same case and contents, except that an exact
    /// number is equal to the plain number of its value (`4.10` is `4.1`, `-0` is `0`) and
    /// dates are equal when they are the same instant, whatever their offsets; an int and a
    /// double are different values here (``isEqual(to:)`` compares them by value).
    public static func == (lhs: Value, rhs: Value) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case (.bool(let left), .bool(let right)): left == right
        case (.int(let left), .int(let right)): left == right
        case (.double(let left), .double(let right)): left == right
        case (.string(let left), .string(let right)): left == right
        case (.date(let left), .date(let right)): left == right
        case (.duration(let left), .duration(let right)): left == right
        case (.list(let left), .list(let right)): left == right
        case (.record(let left), .record(let right)): left == right
        case (.exact(let left), _): Value(left.value) == rhs
        case (_, .exact(let right)): lhs == Value(right.value)
        default: false
        }
    }

    /// Hashes what ``==`` compares: an exact number as the plain number of its value.
    public func hash(into hasher: inout Hasher) {
        switch self {
        case .null: hasher.combine(0 as UInt8)
        case .bool(let bool):
            hasher.combine(1 as UInt8)
            hasher.combine(bool)
        case .int(let int):
            hasher.combine(2 as UInt8)
            hasher.combine(int)
        case .double(let double):
            hasher.combine(3 as UInt8)
            hasher.combine(double)
        case .exact(let exact): Value(exact.value).hash(into: &hasher)
        case .string(let string):
            hasher.combine(4 as UInt8)
            hasher.combine(string)
        case .date(let date):
            hasher.combine(7 as UInt8)
            hasher.combine(date)
        case .duration(let duration):
            hasher.combine(8 as UInt8)
            hasher.combine(duration)
        case .list(let list):
            hasher.combine(5 as UInt8)
            hasher.combine(list)
        case .record(let record):
            hasher.combine(6 as UInt8)
            hasher.combine(record)
        }
    }
}
