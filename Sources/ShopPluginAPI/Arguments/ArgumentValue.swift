import ShopValues

/// A Swift type an argument or option can be read as: its place in the type vocabulary, its
/// default Tab completion, and its conversion from a bound word.
///
/// The binder checks every word against ``valueType`` before a command runs, so a command
/// reads its arguments back typed (`invocation[Self.count]` is an `Int`). Conform a type of
/// your own when a word names something richer than the built-in types:
///
/// ```swift
/// enum Order: String, ChoiceArgument { case asc, desc }     // kind `choice`, completes asc/desc
/// static let order = Argument<Order?>("ORDER", "asc or desc")
/// ```
public protocol ArgumentValue: ArgumentShape where Scalar == Self {
    /// The argument's kind.
    static var valueType: ValueType { get }
    /// Where Tab finds candidates unless the declaration names a source.
    static var defaultCompletion: CompletionSource { get }
    /// The value of a word the binder accepted for ``valueType``; nil when it does not convert.
    init?(bound word: BoundWord, in context: ArgumentContext)
}

extension ArgumentValue {
    public static var defaultCompletion: CompletionSource {
        switch valueType {
        case .path: .files
        case .choice(let choices): .choices(choices)
        default: .none
        }
    }

    public static var arity: ArgumentArity { .single }

    public static func make(from words: BoundWords, in context: ArgumentContext) -> Self? {
        guard let word = words.first else { return nil }
        return Self(bound: word, in: context)
    }
}

/// How many words an argument takes, from the Swift type it is read as: `T`, `T?` or `[T]`.
public protocol ArgumentShape: Sendable {
    /// The type of each word.
    associatedtype Scalar: ArgumentValue
    /// One word, one or none, or every remaining word.
    static var arity: ArgumentArity { get }
    /// The typed value of the words bound to it (none when it was left out); nil when they
    /// do not make one (a required argument left out).
    static func make(from words: BoundWords, in context: ArgumentContext) -> Self?
}

/// How many words an argument takes.
public enum ArgumentArity: Sendable, Equatable {
    /// Exactly one (`T`).
    case single
    /// One or none (`T?`).
    case optional
    /// Every remaining word, perhaps none (`[T]`, the last argument only).
    case variadic
}

extension Optional: ArgumentShape where Wrapped: ArgumentValue {
    public typealias Scalar = Wrapped

    public static var arity: ArgumentArity { .optional }

    public static func make(from words: BoundWords, in context: ArgumentContext) -> Wrapped?? {
        guard let word = words.first else { return .some(nil) }
        return Wrapped(bound: word, in: context).map { .some($0) }
    }
}

extension Array: ArgumentShape where Element: ArgumentValue {
    public typealias Scalar = Element

    public static var arity: ArgumentArity { .variadic }

    public static func make(from words: BoundWords, in context: ArgumentContext) -> [Element]? {
        var values: [Element] = []
        values.reserveCapacity(words.count)
        for word in words {
            guard let value = Element(bound: word, in: context) else { return nil }
            values.append(value)
        }
        return values
    }
}

/// One word bound to an argument or option: its value with its type, and its text as
/// written (`007` stays `007`).
public struct BoundWord: Sendable, Equatable {
    public var value: Value
    /// The text as written when it is not the value's own (quoted, mixed, `007`); nil lets
    /// ``text`` be made from the value only when asked (a large list is never written out).
    private var spelling: String?

    public init(value: Value, text: String) {
        self.value = value
        spelling = text
    }

    package init(value: Value, spelling: String?) {
        self.value = value
        self.spelling = spelling
    }

    public var text: String {
        get { spelling ?? value.plainText }
        set { spelling = newValue }
    }
}

/// What a conversion needs besides the word: where relative paths start.
public struct ArgumentContext: Sendable {
    /// The folder relative paths start from.
    public var baseDirectory: String
    /// The session's environment variables (`HOME`, for `~/`).
    public var variables: [String: String]

    public init(baseDirectory: String, variables: [String: String]) {
        self.baseDirectory = baseDirectory
        self.variables = variables
    }

    /// `$HOME`, for `~/`.
    public var home: String? { variables["HOME"] }
}

/// An enum whose cases are the words of a `choice` argument (`rawValue` is the word).
public protocol ChoiceArgument: ArgumentValue, CaseIterable, RawRepresentable where RawValue == String {}

extension ChoiceArgument {
    public static var valueType: ValueType { .choice(allCases.map(\.rawValue)) }

    public init?(bound word: BoundWord, in context: ArgumentContext) {
        self.init(rawValue: word.text)
    }
}

extension String: ArgumentValue {
    public static var valueType: ValueType { .string }

    public init?(bound word: BoundWord, in context: ArgumentContext) {
        self = word.text
    }
}

extension Int: ArgumentValue {
    public static var valueType: ValueType { .int }

    public init?(bound word: BoundWord, in context: ArgumentContext) {
        guard let int = word.value.intValue else { return nil }
        self = int
    }
}

extension Double: ArgumentValue {
    public static var valueType: ValueType { .double }

    public init?(bound word: BoundWord, in context: ArgumentContext) {
        guard let double = word.value.doubleValue else { return nil }
        self = double
    }
}

extension Bool: ArgumentValue {
    public static var valueType: ValueType { .bool }

    public init?(bound word: BoundWord, in context: ArgumentContext) {
        guard case .bool(let bool) = word.value else { return nil }
        self = bool
    }
}

extension Value: ArgumentValue {
    public static var valueType: ValueType { .any }

    public init?(bound word: BoundWord, in context: ArgumentContext) {
        self = word.value
    }
}

extension FilePath: ArgumentValue {
    public static var valueType: ValueType { .path }

    public init?(bound word: BoundWord, in context: ArgumentContext) {
        self.init(
            text: word.text,
            absolute: FilePath.resolve(word.text, relativeTo: context.baseDirectory, home: context.home))
    }
}

extension BoundWord: ArgumentValue {
    /// Any value, read with its text as written.
    public static var valueType: ValueType { .any }

    public init?(bound word: BoundWord, in context: ArgumentContext) {
        self = word
    }
}
