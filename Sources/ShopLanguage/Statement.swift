import ShopValues

/// One statement of a step: a pipeline, a block, or a keyword statement.
public enum Statement: Sendable, Equatable {
    /// Commands joined by `|`.
    case pipeline(Pipeline)
    /// `if … else if … else … end`.
    indirect case conditional(Conditional)
    /// `for NAME in VALUE … end`.
    indirect case forLoop(ForLoop)
    /// `while CONDITION … end`.
    indirect case whileLoop(WhileLoop)
    /// `try … catch NAME … end`.
    indirect case attempt(Attempt)
    /// `def NAME … end`.
    indirect case definition(Definition)
    /// `param NAME TYPE = DEFAULT "HELP"` at the top of a script.
    indirect case parameter(ParameterDeclaration)
    /// `break` or `continue`.
    indirect case loopControl(LoopControl)
    /// `return [VALUE]`.
    indirect case returnValue(ReturnStatement)
}

extension Statement {
    /// Whether it is a block that `end` closes.
    package var isBlock: Bool {
        switch self {
        case .conditional, .forLoop, .whileLoop, .attempt, .definition: true
        case .pipeline, .parameter, .loopControl, .returnValue: false
        }
    }

    /// The commands the statement runs, its blocks' bodies included (not those inside `$( … )`).
    package var commandCalls: [CommandCall] {
        switch self {
        case .pipeline(let pipeline): pipeline.commands
        case .conditional(let conditional):
            conditional.branches.flatMap { $0.body.flatMap(\.commandCalls) }
                + (conditional.otherwise ?? []).flatMap(\.commandCalls)
        case .forLoop(let loop): loop.body.flatMap(\.commandCalls)
        case .whileLoop(let loop): loop.body.flatMap(\.commandCalls)
        case .attempt(let attempt): (attempt.body + attempt.handler).flatMap(\.commandCalls)
        case .definition(let definition): definition.body.flatMap(\.commandCalls)
        case .parameter, .loopControl, .returnValue: []
        }
    }
}

extension Step {
    /// Every command the step runs, in its blocks too.
    package var commandCalls: [CommandCall] { statements.flatMap(\.commandCalls) }
}

/// Commands joined by `|`: each command's result flows into the next.
///
/// A class, and immutable: a statement that holds one is copied by a retain, where a
/// struct's five references would be copied through its value witness.
public final class Pipeline: Sendable, Equatable {
    /// The first command.
    public let first: CommandCall
    /// The commands after `|`, in order: none for most pipelines, which so make no array.
    public let rest: [CommandCall]
    /// The script's text it was read from, and its bytes in it: cut out only when asked for
    /// (`undo` naming it), not for every pipeline run.
    package let text: String
    package let bytes: Range<Int>

    /// A pipeline at `bytes` of `text`.
    init(first: CommandCall, rest: [CommandCall], text: String, bytes: Range<Int>) {
        self.first = first
        self.rest = rest
        self.text = text
        self.bytes = bytes
    }

    /// The pipeline as written.
    public var source: Substring {
        let utf8 = text.utf8
        let start = utf8.index(utf8.startIndex, offsetBy: bytes.lowerBound)
        return Substring(utf8[start..<utf8.index(start, offsetBy: bytes.count)])
    }

    /// Pipelines are equal when their commands and text are.
    public static func == (lhs: Pipeline, rhs: Pipeline) -> Bool {
        lhs.first == rhs.first && lhs.rest == rhs.rest && lhs.source == rhs.source
    }

    /// Every command, in order.
    public var commands: [CommandCall] { [first] + rest }

    /// How many commands it joins.
    public var count: Int { rest.count + 1 }

    /// The command at `index` (0 is the first).
    public subscript(index: Int) -> CommandCall { index == 0 ? first : rest[index - 1] }
}

/// One command and its words, as written.
public struct CommandCall: Sendable, Equatable {
    /// The words; the first names the command, or is a value that starts a pipeline.
    public var words: [Word]
    /// Where the command starts.
    public var location: SourceLocation
    /// What the words' flags say together (whether any runs commands or reads `$it`).
    public var flags: WordFlags
    /// The words the command reads as a condition, an expression or a command (`where`,
    /// `math`, `each`), parsed with the line; nil for a command that reads none so.
    public var argument: ParsedArgument?

    public init(words: [Word], location: SourceLocation, argument: ParsedArgument? = nil) {
        self.words = words
        self.location = location
        var flags: WordFlags = []
        for index in words.indices { flags.formUnion(words[index].flags) }
        self.flags = flags
        self.argument = argument
    }
}

/// `if CONDITION … [else if CONDITION …] [else …] end`.
public struct Conditional: Sendable, Equatable {
    /// One `if` or `else if` and its body.
    public struct Branch: Sendable, Equatable {
        public var condition: Condition
        public var body: [Statement]
    }

    public var branches: [Branch]
    /// The `else` body, if any.
    public var otherwise: [Statement]?
    public var location: SourceLocation
}

/// `for NAME in VALUE … end`.
public struct ForLoop: Sendable, Equatable {
    public var variable: String
    public var sequence: Word
    public var body: [Statement]
    public var location: SourceLocation
}

/// `while CONDITION … end`.
public struct WhileLoop: Sendable, Equatable {
    public var condition: Condition
    public var body: [Statement]
    public var location: SourceLocation
}

/// `try … catch [NAME] … end`.
public struct Attempt: Sendable, Equatable {
    public var body: [Statement]
    /// The variable that holds the error's message in the handler.
    public var errorName: String?
    public var handler: [Statement]
    public var location: SourceLocation
}

/// `def NAME ["DESCRIPTION"] … end`: a user command.
public struct Definition: Sendable, Equatable {
    public var name: String
    public var description: String?
    public var parameters: [ParameterDeclaration]
    public var body: [Statement]
    /// The definition as written, `def` to `end`.
    public var source: String
    public var location: SourceLocation
}

/// `param NAME [TYPE] [= DEFAULT] ["HELP"]`.
public struct ParameterDeclaration: Sendable, Equatable {
    public var name: String
    public var type: ValueType
    /// The value when the argument is left out; nil makes the parameter required (a `bool`
    /// parameter defaults to false).
    public var defaultValue: Value?
    public var help: String?
    public var location: SourceLocation

    public init(
        name: String, type: ValueType, defaultValue: Value? = nil, help: String? = nil,
        location: SourceLocation
    ) {
        self.name = name
        self.type = type
        self.defaultValue = defaultValue
        self.help = help
        self.location = location
    }

    /// Whether a call must give it.
    public var isRequired: Bool { defaultValue == nil && type != .bool }
}

extension ValueType {
    /// The types a `param` line may name: `string int double bool list record any`.
    static func parameterType(named name: String) -> ValueType? {
        switch name {
        case "string": .string
        case "int": .int
        case "double": .double
        case "bool": .bool
        case "list": .anyList
        case "record": .record
        case "any": .any
        default: nil
        }
    }

    /// A word's value as a parameter of this type, or nil when it is not one; `text` is the
    /// word as written, which a `string` keeps (`007` stays `007`).
    package func parameterValue(of value: Value, text: String?) -> Value? {
        switch (self, value) {
        case (.string, .string): return value
        case (.string, _): return .string(text ?? value.plainText)
        case (.double, _):
            guard case .int(let int)? = value.number else { return accepts(value) ? value : nil }
            return .double(Double(int))
        default: return accepts(value) ? value : nil
        }
    }

    /// The type in a message: `an int`, `a list`.
    package var described: String {
        let name = description
        return (name.first.map { "aeiou".contains($0) } == true ? "an " : "a ") + name
    }
}

/// `break` or `continue`.
public struct LoopControl: Sendable, Equatable {
    public enum Kind: String, Sendable, Equatable {
        case breakLoop = "break"
        case continueLoop = "continue"
    }

    public var kind: Kind
    public var location: SourceLocation
}

/// `return [VALUE]`.
public struct ReturnStatement: Sendable, Equatable {
    public var value: Word?
    public var location: SourceLocation
}
