/// A value that commands take, return and pass down a pipeline.
///
/// Records keep their fields in order; lists and records nest freely. Values are cheap to copy
/// (lists and records share storage until changed).
///
/// `Value` gains cases as the language grows (dates, durations, exact numbers are to come):
/// read a value through its accessors (``stringValue``, ``intValue``, ``doubleValue``,
/// ``boolValue``, ``listValue``, ``recordValue``, ``isNull``), and give every `switch` over one
/// a `default`.
public enum Value: Sendable, Hashable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case list(ValueList)
    case record(Record)

    /// The name of the value's type, as error messages show it.
    public var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "bool"
        case .int: "int"
        case .double: "double"
        case .string: "string"
        case .list: "list"
        case .record: "record"
        }
    }

    /// The type with its article, as messages name what they got: `a string`, `an int`, `null`.
    public var describedType: String {
        switch self {
        case .null: "null"
        case .int: "an int"
        default: "a \(typeName)"
        }
    }

    /// The string, if this is one.
    public var stringValue: String? {
        if case .string(let string) = self { string } else { nil }
    }

    /// The integer, if this is one (a double with no fraction counts).
    public var intValue: Int? {
        switch self {
        case .int(let int): int
        case .double(let double) where double.rounded() == double && abs(double) < 9.0e18: Int(double)
        default: nil
        }
    }

    /// The number as a double, if this is an int or a double.
    public var doubleValue: Double? {
        switch self {
        case .int(let int): Double(int)
        case .double(let double): double
        default: nil
        }
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
