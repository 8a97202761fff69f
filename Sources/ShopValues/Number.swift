/// The value of a number, whatever case of ``Value`` holds it: whole numbers as `Int`, the
/// rest as `Double`. Read it with ``Value/number``; numeric code matches on this rather than
/// on the cases of `Value`, so exact numbers (``ExactNumber``) count as numbers everywhere.
///
/// ```swift
/// switch value.number {
/// case .int(let int)?: …
/// case .double(let double)?: …
/// case nil: …   // not a number
/// }
/// ```
public enum Number: Sendable, Hashable {
    case int(Int)
    case double(Double)

    /// The number as a double (an int past 2⁵³ rounds).
    public var doubleValue: Double {
        switch self {
        case .int(let int): Double(int)
        case .double(let double): double
        }
    }

    /// The text shop writes for the number: `7`, `-3`, `4.1`, `1.0`, `1e+20`; `nan`,
    /// `inf` and `-inf` for doubles that are not finite (JSON writes those as null).
    public var text: String {
        switch self {
        case .int(let int): return DecimalText.string(of: int)
        case .double(let double):
            if double == double.rounded(), abs(double) < 1e15 { return DecimalText.string(of: Int(double)) + ".0" }
            return String(double)
        }
    }
}

extension Value {
    /// The number, if this is one: an int, a double or an exact number, by its value.
    @inlinable public var number: Number? {
        switch self {
        case .int(let int): .int(int)
        case .double(let double): .double(double)
        case .exact(let exact): exact.value
        default: nil
        }
    }

    /// Whether this is a number of any kind.
    public var isNumber: Bool { number != nil }

    /// The number as a value with no written text of its own: what arithmetic returns.
    @inlinable public init(_ number: Number) {
        switch number {
        case .int(let int): self = .int(int)
        case .double(let double): self = .double(double)
        }
    }
}

extension Number {
    /// `int` or `double`, as ``Value/typeName`` says.
    var typeName: String {
        switch self {
        case .int: "int"
        case .double: "double"
        }
    }
}
