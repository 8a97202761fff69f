import ShopValues

/// A word of a command: text, quoted text, references, subexpressions and literals run
/// together, as written.
public struct Word: Sendable, Equatable {
    /// The first piece; most words have only this one.
    public var head: WordPart
    /// The pieces after the first.
    public var tail: [WordPart]
    /// What the parser found out about the word.
    public var flags: WordFlags
    /// Where the word starts.
    public var location: SourceLocation

    /// A word from its first piece and the rest.
    public init(head: WordPart, tail: [WordPart] = [], flags: WordFlags = [], location: SourceLocation) {
        self.head = head
        self.tail = tail
        self.flags = flags
        self.location = location
    }

    /// Every piece in order.
    public var parts: [WordPart] { [head] + tail }

    /// The word roughly as written, for messages: `$name.a`, `$( … )`, `[…]` for the parts
    /// that are not text.
    public var spelling: String {
        parts.map { part in
            switch part {
            case .literal(let text), .quoted(let text): text
            case .reference(let reference): reference.spelling
            case .subexpression: "$( … )"
            case .collection(let literal):
                if case .list = literal.contents { "[…]" } else { "{…}" }
            }
        }.joined()
    }

    /// Whether any part was quoted; quoted words are always strings.
    @inlinable public var isQuoted: Bool { flags.contains(.quoted) }

    /// Whether the word reads `$it`, so that per-item arguments evaluate it once per item.
    public var mentionsItem: Bool { flags.contains(.mentionsItem) }

    /// The text of a word made of one unquoted plain piece (`services`, `==`, `--name`), else nil.
    /// Inlinable, so that a command's name is read from its word in place: every call asks it
    /// when parsed and when run, and a call into this module copied the word first.
    @inlinable public var bareText: String? {
        guard tail.isEmpty, !isQuoted, case .literal(let text) = head else { return nil }
        return text
    }

    /// The text of a word made only of unquoted and quoted text (no `$`), else nil.
    public var staticText: String? {
        var text = ""
        for part in parts {
            switch part {
            case .literal(let more), .quoted(let more): text += more
            case .reference, .subexpression, .collection: return nil
            }
        }
        return text
    }
}

/// Facts about a word, found while parsing it.
public struct WordFlags: OptionSet, Sendable, Equatable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Some part was quoted.
    public static let quoted = WordFlags(rawValue: 1)
    /// The word reads `$it` (directly, in a literal or in a `$( … )`).
    public static let mentionsItem = WordFlags(rawValue: 2)
    /// The word holds a `$( … )`, so evaluating it runs commands.
    public static let runsCommands = WordFlags(rawValue: 4)
}

/// A piece of a word.
public enum WordPart: Sendable, Equatable {
    /// Unquoted text as written (escapes resolved).
    case literal(String)
    /// Text from inside quotes (escapes resolved).
    case quoted(String)
    /// `$name`, `$name.path.0` or `${name.path}`.
    indirect case reference(Reference)
    /// `$( … )`.
    indirect case subexpression(Subexpression)
    /// `[…]` or `{…}`, only as a word's first piece.
    indirect case collection(CollectionLiteral)
}

/// A reference to a value: a variable, a state key or a reserved name, then a path into it.
public struct Reference: Sendable, Equatable {
    /// The first segment: `services` in `${services.items.0}`.
    public var name: String
    /// The segments after the first.
    public var path: [PathSegment]
    /// Where the `$` is.
    public var location: SourceLocation

    public init(name: String, path: [PathSegment] = [], location: SourceLocation) {
        self.name = name
        self.path = path
        self.location = location
    }

    /// Names no variable may take: `$it`, `$env`, `$args`, `$_` and the `commands.` keys.
    public static let reservedNames = ["it", "env", "args", "commands", "_"]

    /// Whether `name` is one of ``reservedNames`` (checked on every `set`, so by length first).
    public static func isReserved(_ name: String) -> Bool {
        switch name.utf8.count {
        case 1: name == "_"
        case 2: name == "it"
        case 3: name == "env"
        case 4: name == "args"
        case 8: name == "commands"
        default: false
        }
    }

    /// Whether `name` can name a variable: a letter or `_`, then letters, digits, `_` (one
    /// pass over the bytes: every `set` asks).
    public static func isVariableName(_ name: String) -> Bool {
        NameRule.isName(name)
    }

    /// The reference as written: `$name.a.0`.
    public var spelling: String {
        "$" + ([name] + path.map(\.name)).joined(separator: ".")
    }
}

/// One `.segment` of a path: a field name, or a list index when it is all digits.
public struct PathSegment: Sendable, Equatable {
    /// The segment as written.
    public var name: String
    /// The index it names in a list, when it is all digits.
    public var index: Int?

    public init(_ name: String) {
        self.name = name
        self.index = name.utf8.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") } ? Int(name) : nil
    }
}

/// `$( … )`: pipelines whose last value becomes a word.
public struct Subexpression: Sendable, Equatable {
    /// The pipelines, in order.
    public var pipelines: [Pipeline]
    /// Where `$(` is.
    public var location: SourceLocation

    public init(pipelines: [Pipeline], location: SourceLocation) {
        self.pipelines = pipelines
        self.location = location
    }
}

/// A list or record literal.
public struct CollectionLiteral: Sendable, Equatable {
    /// The items.
    public enum Contents: Sendable, Equatable {
        case list([Word])
        case record([RecordField])
    }

    public var contents: Contents
    /// The value, when every item is a constant (computed once, while parsing).
    public var constant: Value?
    /// Where the opening bracket is.
    public var location: SourceLocation

    public init(contents: Contents, constant: Value?, location: SourceLocation) {
        self.contents = contents
        self.constant = constant
        self.location = location
    }
}

/// `key: value` in a record literal.
public struct RecordField: Sendable, Equatable {
    public var key: String
    public var value: Word

    public init(key: String, value: Word) {
        self.key = key
        self.value = value
    }
}
