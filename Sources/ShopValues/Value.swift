/// A value that commands take, return and pass down a pipeline.
///
/// Records keep their fields in order; lists and records nest freely. Values are cheap to copy
/// (lists and records share storage until changed).
///
/// `Value` gains cases as the language grows: read a value through its accessors
/// (``stringValue``, ``intValue``, ``doubleValue``, ``number``, ``boolValue``, ``listValue``,
/// ``recordValue``, ``isNull``), and give every `switch` over one a `default`. Equality and
/// hashing go by value (`Value+Equality.swift`): an exact number equals the plain number of
/// its value.
public enum Value: Sendable, Hashable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    /// A number kept with the text it was read from (`4.10`, `-0`, `1e5`): an int or a double
    /// to everything but the writers, which write its text.
    case exact(ExactNumber)
    case string(String)
    /// An instant with the UTC offset it was written with.
    case date(DateTime)
    /// A span of time (`math $end - $start`).
    case duration(Duration)
    case list(ValueList)
    case record(Record)

    /// The name of the value's type, as error messages show it.
    public var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "bool"
        case .int: "int"
        case .double: "double"
        case .exact(let exact): exact.value.typeName
        case .string: "string"
        case .date: "date"
        case .duration: "duration"
        case .list: "list"
        case .record: "record"
        }
    }

    /// The type with its article, as messages name what they got: `a string`, `an int`, `null`.
    public var describedType: String {
        switch self {
        case .null: "null"
        default: typeName == "int" ? "an int" : "a \(typeName)"
        }
    }

    /// The string, if this is one.
    public var stringValue: String? {
        if case .string(let string) = self { string } else { nil }
    }

    /// The integer, if this is one (a double with no fraction counts).
    public var intValue: Int? {
        switch number {
        case .int(let int)?: int
        case .double(let double)? where double.rounded() == double && abs(double) < 9.0e18: Int(double)
        default: nil
        }
    }

    /// The number as a double, if this is a number.
    public var doubleValue: Double? {
        number?.doubleValue
    }

    /// A list of `elements`: `.list([1, 2])` reads as the case does.
    @inlinable public static func list(_ elements: [Value]) -> Value {
        .list(ValueList(elements))
    }

    /// The list, if this is one.
    public var listValue: ValueList? {
        if case .list(let list) = self { list } else { nil }
    }

    /// The boolean, if this is one.
    public var boolValue: Bool? {
        if case .bool(let bool) = self { bool } else { nil }
    }

    /// The date, if this is one.
    public var dateValue: DateTime? {
        if case .date(let date) = self { date } else { nil }
    }

    /// The duration, if this is one.
    public var durationValue: Duration? {
        if case .duration(let duration) = self { duration } else { nil }
    }

    /// The record, if this is one.
    public var recordValue: Record? {
        if case .record(let record) = self { record } else { nil }
    }

    /// Whether this is `null`.
    public var isNull: Bool {
        if case .null = self { true } else { false }
    }
}

extension Value: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
    ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral, ExpressibleByNilLiteral
{
    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int) { self = .int(value) }
    public init(floatLiteral value: Double) { self = .double(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(arrayLiteral elements: Value...) { self = .list(ValueList(elements)) }
    public init(nilLiteral: ()) { self = .null }
}

extension Value {
    /// Wraps an optional string: `nil` becomes `null`.
    public init(_ string: String?) {
        self = string.map(Value.string) ?? .null
    }

    /// Wraps an optional integer: `nil` becomes `null`.
    public init(_ int: Int?) {
        self = int.map(Value.int) ?? .null
    }
}
