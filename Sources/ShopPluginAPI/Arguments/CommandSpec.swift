import ShopValues

/// What a command is, apart from what it does: its name, arguments and documentation.
///
/// Help, Tab completion, argument checking, history and the example tests all read this
/// one declaration; it encodes to the JSON of a plugin manifest (``json``) and back.
///
/// ```swift
/// static let id = Argument<String>("ID", "a service id or a 1-based position", completion: .stateField(
///     key: "services.items", field: "id"))
/// let spec = CommandSpec(
///     path: ["services", "select"], abstract: "Select a service",
///     arguments: [Self.id], examples: [Example("services select 2")])
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
    package private(set) var argumentNames: [String]
    /// The `--name` options and flags.
    public var options: [OptionSpec]
    /// Example lines, run by the tests.
    public var examples: [Example]
    /// Whether the command reads a pipeline's input.
    public var input: InputRequirement
    /// The fields of the records the command returns, for Tab after `where`, `sort`, `get`.
    public var fields: [String]
    /// The types of those fields that have one, shown beside them by Tab.
    public var fieldTypes: [String: ValueType]
    /// Where the fields of its records come from for Tab: ``fields``, or the input's.
    public var resultFields: ResultFields
    /// Whether a line running the command is kept in the history.
    public var history: HistoryPolicy
    /// How long an outside plugin may take to answer, in seconds (nil: the host's default).
    public var timeoutSeconds: Double?

    public init(
        path: [String], aliases: [String] = [], abstract: String, discussion: String? = nil,
        arguments: [any ArgumentDeclaration] = [], options: [any OptionDeclaration] = [],
        examples: [Example] = [], input: InputRequirement = .none, fields: [String] = [],
        fieldTypes: [String: ValueType] = [:], history: HistoryPolicy = .record, timeoutSeconds: Double? = nil,
        resultFields: ResultFields = .declared
    ) {
        self.path = path
        self.aliases = aliases
        self.abstract = abstract
        self.discussion = discussion
        let arguments = arguments.map(\.argumentSpec)
        self.arguments = arguments
        self.argumentNames = arguments.map(\.name)
        self.options = options.map(\.optionSpec)
        self.examples = examples
        self.input = input
        self.fields = fields
        self.fieldTypes = fieldTypes
        self.resultFields = resultFields
        self.history = history
        self.timeoutSeconds = timeoutSeconds
    }

    /// The command's name as typed: `services select`.
    public var name: String { path.spacedOut }

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
public enum InputRequirement: String, Sendable, Equatable, CaseIterable {
    /// The command ignores input; it cannot follow `|`.
    case none
    /// The command works with or without input.
    case optional
    /// The command needs input: it must follow `|`.
    case required
}

/// Whether a line that runs a command is kept in the history, and replayed.
public enum HistoryPolicy: String, Sendable, Equatable, CaseIterable {
    /// Recorded, and part of `history save` scripts (the default).
    case record
    /// Recorded, but never part of a saved script (`history`, `exit`).
    case notReplayable = "not-replayable"
    /// Not recorded at all: for commands that take secrets, and `history forget`.
    case never
}

/// A positional argument, as the binder sees it: a name, a type and a count, whatever
/// declared it (an ``Argument``, a `def` parameter, an outside plugin's manifest).
public struct ArgumentSpec: Sendable, ArgumentDeclaration {
    /// The name shown in usage, such as `ID` or `FILE`.
    public var name: String
    /// What to pass, in a few words.
    public var abstract: String
    /// What values are accepted.
    public var type: ValueType
    /// Whether it may be left out.
    public var isOptional: Bool
    /// Whether it takes every remaining word (only the last argument).
    public var isVariadic: Bool
    /// Where Tab finds candidates.
    public var completion: CompletionSource
    /// For an argument the command gets as its words, unevaluated, to evaluate per item
    /// (`where`, `each`): what the language reads the words as. Nil for an ordinary argument.
    public var deferredShape: DeferredShape?

    /// Whether the command gets the words unevaluated (see ``deferredShape``).
    public var isDeferred: Bool { deferredShape != nil }

    public init(
        _ name: String, _ abstract: String, type: ValueType = .string, isOptional: Bool = false,
        isVariadic: Bool = false, completion: CompletionSource = .none
    ) {
        self.name = name
        self.abstract = abstract
        self.type = type
        self.isOptional = isOptional
        self.isVariadic = isVariadic
        self.completion = completion
        self.deferredShape = nil
    }

    public var argumentSpec: ArgumentSpec { self }
}

/// A `--name` option with a value, or a `--name` flag without one.
public struct OptionSpec: Sendable, OptionDeclaration {
    /// The option as typed, with its dashes: `--page-size`.
    public var name: String
    /// The value's name for usage (`N`), or nil for a flag.
    public var valueName: String?
    /// What it does.
    public var abstract: String
    /// What values are accepted (`bool` for a flag).
    public var type: ValueType
    /// Where Tab finds candidates for the value.
    public var completion: CompletionSource

    /// An option that takes a value.
    public init(
        _ name: String, value valueName: String, _ abstract: String, type: ValueType = .string,
        completion: CompletionSource = .none
    ) {
        self.name = name
        self.valueName = valueName
        self.abstract = abstract
        self.type = type
        self.completion = completion
    }

    /// A flag.
    public init(flag name: String, _ abstract: String) {
        self.name = name
        self.valueName = nil
        self.abstract = abstract
        self.type = .bool
        self.completion = .none
    }

    /// Whether this is a flag.
    public var isFlag: Bool { valueName == nil }

    public var optionSpec: OptionSpec { self }
}

/// An example line for help, checked by the tests.
public struct Example: Sendable, Equatable {
    /// The command line.
    public var command: String
    /// What it shows, in a few words.
    public var abstract: String?

    public init(_ command: String, _ abstract: String? = nil) {
        self.command = command
        self.abstract = abstract
    }
}
