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

    /// The `param` lines before the script's first command.
    public var parameters: [ParameterDeclaration] {
        var parameters: [ParameterDeclaration] = []
        for step in steps {
            for statement in step.statements {
                guard case .parameter(let parameter) = statement else { return parameters }
                parameters.append(parameter)
            }
        }
        return parameters
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

/// One step of a script: a line of commands, or as many lines as its blocks take, with the
/// `#>` lines that follow it. A step runs as a whole.
public struct Step: Sendable, Equatable {
    /// The script's text, and the step's bytes in it: its ``source`` is cut out only when
    /// asked for, not for every step read.
    private let text: String
    private let bytes: Range<Int>
    /// Where the step starts.
    public var location: SourceLocation
    /// The last physical line the step spans.
    public var endLine: Int
    /// The `;`-separated statements of the step.
    public var statements: [Statement]
    /// The expected output written under the step.
    public var expectations: [ExpectedLine]
    /// The byte ranges, within ``source``, of its blocks (`if` … `end`, `for` … `end`, …) in
    /// order: what `undo` names each by.
    var blockRanges: [Range<Int>]

    public init(
        source: Substring, location: SourceLocation, endLine: Int, statements: [Statement],
        expectations: [ExpectedLine] = []
    ) {
        self.init(
            source: source, location: location, endLine: endLine, statements: statements, expectations: expectations,
            blockRanges: [])
    }

    init(
        source: Substring, location: SourceLocation, endLine: Int, statements: [Statement],
        expectations: [ExpectedLine], blockRanges: [Range<Int>]
    ) {
        let utf8 = source.base.utf8
        let start = utf8.distance(from: utf8.startIndex, to: source.startIndex)
        self.init(
            text: source.base, bytes: start..<start + source.utf8.count, location: location, endLine: endLine,
            statements: statements, expectations: expectations, blockRanges: blockRanges)
    }

    /// A step at `bytes` of `text`.
    init(
        text: String, bytes: Range<Int>, location: SourceLocation, endLine: Int, statements: [Statement],
        expectations: [ExpectedLine], blockRanges: [Range<Int>]
    ) {
        self.text = text
        self.bytes = bytes
        self.location = location
        self.endLine = endLine
        self.statements = statements
        self.expectations = expectations
        self.blockRanges = blockRanges
    }

    /// The step as written, every line of it (a view into the script's text).
    public var source: Substring {
        let utf8 = text.utf8
        let start = utf8.index(utf8.startIndex, offsetBy: bytes.lowerBound)
        return Substring(utf8[start..<utf8.index(start, offsetBy: bytes.count)])
    }

    /// Steps are equal when their text and what was read of it are.
    public static func == (lhs: Step, rhs: Step) -> Bool {
        lhs.source == rhs.source && lhs.location == rhs.location && lhs.endLine == rhs.endLine
            && lhs.statements == rhs.statements && lhs.expectations == rhs.expectations
            && lhs.blockRanges == rhs.blockRanges
    }

    /// The text of its block number `index` (counted among its blocks), as written.
    package func blockSource(_ index: Int) -> Substring? {
        guard blockRanges.indices.contains(index) else { return nil }
        let utf8 = source.utf8
        let range = blockRanges[index].clamped(to: 0..<utf8.count)
        let start = utf8.index(utf8.startIndex, offsetBy: range.lowerBound)
        return Substring(utf8[start..<utf8.index(start, offsetBy: range.count)])
    }

    /// The physical lines of the step, as written (demo mode types a block line by line).
    public var lines: [Substring] {
        source.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.hasSuffix("\r") ? line.dropLast() : line
        }
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
