/// The one type vocabulary of arguments, options, `def` parameters and state keys (and of
/// plugin manifests), with its JSON spelling.
///
/// `string int double bool list record any` everywhere; `path` and `choice` for arguments
/// and options; `null`, `list<T>` and `T?` for state keys.
///
/// ```swift
/// try ValueType(parsing: "list<string>?")   // .optional(.list(of: .string))
/// ValueType.int.accepts(.int(3))            // true
/// ```
public indirect enum ValueType: Sendable, Hashable, CustomStringConvertible {
    /// Any word, as text (unquoted numbers keep their spelling: `007`).
    case string
    /// A whole number.
    case int
    /// A number; a whole number is accepted too.
    case double
    /// `true` or `false`.
    case bool
    /// A list of any values, or with `of`, of values of one type (`list<T>`, state keys).
    case list(of: ValueType?)
    /// A record.
    case record
    /// Any value, with its type.
    case any
    /// A file path, resolved against the running script's folder (arguments and options).
    case path
    /// One of these words (arguments and options).
    case choice([String])
    /// Only `null` (state keys).
    case null
    /// The type, or `null` (`T?`, state keys).
    case optional(ValueType)

    /// A list of any values.
    public static let anyList = ValueType.list(of: nil)

    /// The JSON spelling: `string`, `list<int>`, `string?`.
    public var description: String {
        switch self {
        case .string: "string"
        case .int: "int"
        case .double: "double"
        case .bool: "bool"
        case .list(let element): element.map { "list<\($0)>" } ?? "list"
        case .record: "record"
        case .any: "any"
        case .path: "path"
        case .choice: "choice"
        case .null: "null"
        case .optional(let wrapped): "\(wrapped)?"
        }
    }

    /// Reads a spelling; `choices` are the words of a `choice`.
    public init(parsing text: String, choices: [String]? = nil) throws(ValueTypeError) {
        if text.hasSuffix("?") {
            let wrapped = try ValueType(parsing: String(text.dropLast()), choices: choices)
            if case .optional = wrapped { throw .unknown(text) }
            self = .optional(wrapped)
            return
        }
        if text.hasPrefix("list<"), text.hasSuffix(">") {
            self = .list(of: try ValueType(parsing: String(text.dropFirst(5).dropLast()), choices: choices))
            return
        }
        switch text {
        case "string", "text": self = .string
        case "int": self = .int
        case "double": self = .double
        case "bool": self = .bool
        case "list": self = .anyList
        case "record": self = .record
        case "any": self = .any
        case "path": self = .path
        case "null": self = .null
        case "choice":
            guard let choices, !choices.isEmpty else { throw .choiceWithoutChoices }
            self = .choice(choices)
        default: throw .unknown(text)
        }
    }

    /// Whether `value` is of this type (a path is a string; a whole number is a double).
    public func accepts(_ value: Value) -> Bool {
        switch (self, value) {
        case (.any, _), (.string, .string), (.path, .string), (.bool, .bool), (.record, .record), (.null, .null):
            return true
        case (.int, _):
            if case .int? = value.number { return true }
            return false
        case (.double, _):
            return value.number != nil
        case (.choice(let choices), .string(let word)):
            return choices.contains(word)
        case (.list(let element), .list(let elements)):
            guard let element else { return true }
            return elements.allSatisfy(element.accepts)
        case (.optional(let wrapped), _):
            return value.isNull || wrapped.accepts(value)
        default:
            return false
        }
    }

    /// What a message says a value of this type is: `a whole number`, `one of asc, desc`.
    public var expected: String {
        switch self {
        case .string, .path: "text"
        case .int: "a whole number"
        case .double: "a number"
        case .bool: "true or false"
        case .list(let element): element.map { "a list of \($0)" } ?? "a list"
        case .record: "a record"
        case .any: "a value"
        case .choice(let choices): "one of " + choices.joined(separator: ", ")
        case .null: "null"
        case .optional(let wrapped): "\(wrapped.expected) or null"
        }
    }

    /// The words of a `choice`, else nil.
    public var choices: [String]? {
        if case .choice(let choices) = self { return choices }
        return nil
    }
}

/// Why a type spelling could not be read.
public enum ValueTypeError: Error, Equatable, CustomStringConvertible {
    /// Not a word of the vocabulary.
    case unknown(String)
    /// `choice` without its words.
    case choiceWithoutChoices

    public var description: String {
        switch self {
        case .unknown(let text):
            "unknown type '\(text)' (use string, int, double, bool, list, record, any, path, choice, null, list<T>, T?)"
        case .choiceWithoutChoices: "a choice needs its \"choices\""
        }
    }
}
