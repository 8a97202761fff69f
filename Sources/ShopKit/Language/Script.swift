/// A parsed `.shopscript` (or a line typed at the prompt): steps with their expected output,
/// narration and the diagnostics found while parsing.
public struct Script: Sendable, Equatable {
    /// The script's name for messages, or nil for the prompt.
    public var file: String?
    /// Steps and narration in source order.
    public var items: [ScriptItem]
    /// Every problem found; a script with errors is not run.
    public var diagnostics: [Diagnostic]

    public init(file: String?, items: [ScriptItem], diagnostics: [Diagnostic]) {
        self.file = file
        self.items = items
        self.diagnostics = diagnostics
    }

    /// The steps alone, in order.
    public var steps: [Step] {
        items.compactMap { item in
            if case .step(let step) = item { step } else { nil }
        }
    }

    /// Whether any diagnostic is an error.
    public var hasErrors: Bool {
        diagnostics.contains { $0.severity == .error }
    }
}

/// One element of a script in source order.
public enum ScriptItem: Sendable, Equatable {
    /// A command line.
    case step(Step)
    /// A `##` line: text for the audience.
    case narration(Narration)
}

/// A `##` line.
public struct Narration: Sendable, Equatable {
    public var text: String
    public var line: Int

    public init(text: String, line: Int) {
        self.text = text
        self.line = line
    }
}

/// One logical line of commands (continuations joined), with the `#>` lines that follow it.
public struct Step: Sendable, Equatable {
    /// The line as written, continuations included (a view into the script's text).
    public var source: Substring
    /// Where the line starts.
    public var location: SourceLocation
    /// The last physical line the step spans.
    public var endLine: Int
    /// The `;`-separated pipelines of the line.
    public var pipelines: [Pipeline]
    /// The expected output written under the line.
    public var expectations: [ExpectedLine]

    public init(
        source: Substring, location: SourceLocation, endLine: Int, pipelines: [Pipeline],
        expectations: [ExpectedLine] = []
    ) {
        self.source = source
        self.location = location
        self.endLine = endLine
        self.pipelines = pipelines
        self.expectations = expectations
    }
}

/// One `#>` line.
public struct ExpectedLine: Sendable, Equatable {
    /// The text after `#> `.
    public var text: String
    /// The physical line it sits on.
    public var line: Int

    public init(text: String, line: Int) {
        self.text = text
        self.line = line
    }
}

/// Commands joined by `|`: each command's result flows into the next.
public struct Pipeline: Sendable, Equatable {
    public var commands: [CommandCall]

    public init(commands: [CommandCall]) {
        self.commands = commands
    }
}

/// One command and its words, as written.
public struct CommandCall: Sendable, Equatable {
    /// The words; the first names the command.
    public var words: [Word]
    /// Where the command starts.
    public var location: SourceLocation

    public init(words: [Word], location: SourceLocation) {
        self.words = words
        self.location = location
    }
}

/// A word of a command: literal text, quoted text and variable references run together.
public struct Word: Sendable, Equatable {
    /// The first piece; most words have only this one.
    public var head: WordPart
    /// The pieces after the first.
    public var tail: [WordPart]
    /// Whether any part was quoted; quoted words are always strings.
    public var isQuoted: Bool
    public var location: SourceLocation

    public init(parts: [WordPart], isQuoted: Bool, location: SourceLocation) {
        self.init(
            head: parts.first ?? .literal(""), tail: Array(parts.dropFirst()), isQuoted: isQuoted, location: location)
    }

    /// A word from its first piece and the rest.
    public init(head: WordPart, tail: [WordPart], isQuoted: Bool, location: SourceLocation) {
        self.head = head
        self.tail = tail
        self.isQuoted = isQuoted
        self.location = location
    }

    /// Every piece in order.
    public var parts: [WordPart] { [head] + tail }
}

/// A piece of a word.
public enum WordPart: Sendable, Equatable {
    /// Text as written (escapes resolved).
    case literal(String)
    /// `$name` or `${name}`: a user variable or a state key.
    case variable(String, SourceLocation)
}
