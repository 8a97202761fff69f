/// What a command is, apart from what it does: its name, arguments and documentation.
///
/// Help, Tab completion, argument checking and the example tests all read this one
/// declaration.
///
/// ```swift
/// CommandSpec(
///     path: ["services", "select"],
///     abstract: "Select a service",
///     arguments: [ArgumentSpec("ID", "a service id or a 1-based position", completion: .custom(serviceIDs))],
///     examples: [Example("services select 2")]
/// )
/// ```
public struct CommandSpec: Sendable {
    /// The words that name the command: `["echo"]`, or a plugin name and a verb.
    public var path: [String]
    /// Other names for the last word of the path (`quit` for `exit`).
    public var aliases: [String]
    /// One line saying what the command does.
    public var abstract: String
    /// Paragraphs of detail for `help COMMAND`.
    public var discussion: String?
    /// The positional arguments, in order.
    public var arguments: [ArgumentSpec] {
        didSet { argumentNames = arguments.map(\.name) }
    }
    /// The names of ``arguments``, kept for fast lookup while binding.
    private(set) var argumentNames: [String]
    /// The `--name` options and flags.
    public var options: [OptionSpec]
    /// Example lines, run by the tests.
    public var examples: [Example]
    /// Whether the command reads a pipeline's input.
    public var input: InputRequirement

    public init(
        path: [String], aliases: [String] = [], abstract: String, discussion: String? = nil,
        arguments: [ArgumentSpec] = [], options: [OptionSpec] = [], examples: [Example] = [],
        input: InputRequirement = .none
    ) {
        self.path = path
        self.aliases = aliases
        self.abstract = abstract
        self.discussion = discussion
        self.arguments = arguments
        self.argumentNames = arguments.map(\.name)
        self.options = options
        self.examples = examples
        self.input = input
    }

    /// The command's name as typed: `services select`.
    public var name: String { path.joined(separator: " ") }

    /// The usage line: `services select ID`, `sort FIELD [desc]`, `echo WORDS…`.
    public var usage: String {
        var parts = [name]
        for argument in arguments {
            let shown = argument.name + (argument.isVariadic ? "…" : "")
            parts.append(argument.isOptional ? "[\(shown)]" : shown)
        }
        for option in options {
            parts.append("[\(option.name)\(option.valueName.map { " \($0)" } ?? "")]")
        }
        return parts.joined(separator: " ")
    }
}

/// Whether a command takes a pipeline's input.
public enum InputRequirement: Sendable, Equatable {
    /// The command ignores input; it cannot follow `|`.
    case none
    /// The command works with or without input.
    case optional
    /// The command needs input: it must follow `|`.
    case required
}

/// A positional argument.
public struct ArgumentSpec: Sendable {
    /// The name shown in usage, such as `ID` or `FILE`.
    public var name: String
    /// What to pass, in a few words.
    public var abstract: String
    /// What values are accepted.
    public var kind: ArgumentKind
    /// Whether it may be left out.
    public var isOptional: Bool
    /// Whether it takes every remaining word (only the last argument).
    public var isVariadic: Bool
    /// Where Tab finds candidates.
    public var completion: CompletionSource
    /// Whether the command gets the words unevaluated, to evaluate per item (`where`, `each`).
    public var isDeferred: Bool

    public init(
        _ name: String, _ abstract: String, kind: ArgumentKind = .text, isOptional: Bool = false,
        isVariadic: Bool = false, completion: CompletionSource = .none
    ) {
        self.name = name
        self.abstract = abstract
        self.kind = kind
        self.isOptional = isOptional
        self.isVariadic = isVariadic
        self.completion = kind.defaultCompletion(or: completion)
        self.isDeferred = false
    }

    /// An argument the command gets as words, unevaluated — the last one of the spec — so
    /// that it evaluates them per item (see ``Invocation/itemCondition(_:)``).
    public static func deferred(_ name: String, _ abstract: String, isOptional: Bool = false, isVariadic: Bool = true)
        -> ArgumentSpec
    {
        var argument = ArgumentSpec(name, abstract, kind: .value, isOptional: isOptional, isVariadic: isVariadic)
        argument.isDeferred = true
        return argument
    }
}

/// A `--name` option with a value, or a `--name` flag without one.
public struct OptionSpec: Sendable {
    /// The option as typed, with its dashes: `--page-size`.
    public var name: String
    /// The value's name for usage (`N`), or nil for a flag.
    public var valueName: String?
    /// What it does.
    public var abstract: String
    /// What values are accepted (flags ignore this).
    public var kind: ArgumentKind
    /// Where Tab finds candidates for the value.
    public var completion: CompletionSource

    /// An option that takes a value.
    public init(
        _ name: String, value valueName: String, _ abstract: String, kind: ArgumentKind = .text,
        completion: CompletionSource = .none
    ) {
        self.name = name
        self.valueName = valueName
        self.abstract = abstract
        self.kind = kind
        self.completion = kind.defaultCompletion(or: completion)
    }

    /// A flag.
    public init(flag name: String, _ abstract: String) {
        self.name = name
        self.valueName = nil
        self.abstract = abstract
        self.kind = .text
        self.completion = .none
    }

    /// Whether this is a flag.
    public var isFlag: Bool { valueName == nil }
}

/// What an argument accepts.
public enum ArgumentKind: Sendable, Equatable {
    /// Any word, as text (unquoted numbers keep their spelling: `007`).
    case text
    /// A whole number.
    case integer
    /// An int or a double.
    case number
    /// Any value, with its type (numbers, lists, records from variables).
    case value
    /// A file path, resolved against the running script's folder.
    case path
    /// One of these words.
    case choice([String])

    func defaultCompletion(or completion: CompletionSource) -> CompletionSource {
        guard case .none = completion else { return completion }
        switch self {
        case .path: return .files
        case .choice(let choices): return .choices(choices)
        default: return .none
        }
    }
}

/// An example line for help, checked by the tests.
public struct Example: Sendable {
    /// The command line.
    public var command: String
    /// What it shows, in a few words.
    public var abstract: String?

    public init(_ command: String, _ abstract: String? = nil) {
        self.command = command
        self.abstract = abstract
    }
}
