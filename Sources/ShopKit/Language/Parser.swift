/// Parses script text into steps made of pipelines, `#>` expectations and `##` narration,
/// with every problem as a ``Diagnostic``.
///
/// ``next()`` reads one logical line at a time, so `shop run` executes a long script as it
/// reads it; ``parse(_:file:)`` reads a whole ``Script``.
///
/// ```swift
/// let script = Parser.parse("set x 1; echo \"v $x\"\n#> v 1\n", file: "demo.shopscript")
/// script.steps[0].pipelines.count  // 2
/// ```
public struct Parser {
    /// One logical line of a script.
    public enum Item: Sendable, Equatable {
        /// A command line.
        case step(Step)
        /// A `##` line.
        case narration(Narration)
        /// A `#>` line.
        case expectation(ExpectedLine)
        /// A command line with errors; it cannot run.
        case invalid([Diagnostic])
    }

    private var lexer: Lexer

    /// A parser over `text`; `file` names it in diagnostics (nil for the prompt).
    public init(text: String, file: String?) {
        self.lexer = Lexer(text: text, file: file)
    }

    /// The next line that is not blank or a comment, or nil at the end.
    public mutating func next() -> Item? {
        while !lexer.isAtEnd {
            switch lexer.nextLine() {
            case .blank:
                continue
            case .narration(let narration):
                return .narration(narration)
            case .expectation(let expected):
                return .expectation(expected)
            case .command(let tokens, let source, let location, let endLine):
                var cursor = TokenCursor(tokens: tokens)
                let (pipelines, problems) = parseStatements(&cursor)
                let diagnostics = lexer.takeDiagnostics() + problems
                if !diagnostics.isEmpty {
                    return .invalid(
                        diagnostics.sorted {
                            ($0.location.line, $0.location.column) < ($1.location.line, $1.location.column)
                        })
                }
                guard !pipelines.isEmpty else { continue }
                return .step(Step(source: source, location: location, endLine: endLine, pipelines: pipelines))
            }
        }
        let trailing = lexer.takeDiagnostics()
        return trailing.isEmpty ? nil : .invalid(trailing)
    }

    /// Parses a whole script, attaching `#>` lines to the step above them.
    public static func parse(_ text: String, file: String?) -> Script {
        var parser = Parser(text: text, file: file)
        var items: [ScriptItem] = []
        var diagnostics: [Diagnostic] = []
        var lastStepIndex: Int?
        while let item = parser.next() {
            switch item {
            case .step(let step):
                lastStepIndex = items.count
                items.append(.step(step))
            case .narration(let narration):
                items.append(.narration(narration))
            case .invalid(let problems):
                diagnostics += problems
            case .expectation(let expected):
                guard let index = lastStepIndex, case .step(var step) = items[index] else {
                    diagnostics.append(
                        Diagnostic(
                            .expectationWithoutCommand, "expected output '#>' with no command above it",
                            at: SourceLocation(file: file, line: expected.line, column: 1)))
                    continue
                }
                step.expectations.append(expected)
                items[index] = .step(step)
            }
        }
        return Script(file: file, items: items, diagnostics: diagnostics)
    }

    /// statements := pipeline (';' pipeline)*, empty statements ignored.
    private func parseStatements(_ cursor: inout TokenCursor) -> ([Pipeline], [Diagnostic]) {
        var pipelines: [Pipeline] = []
        var diagnostics: [Diagnostic] = []
        while !cursor.isAtEnd {
            if cursor.consumeSemicolon() { continue }
            if let pipeline = parsePipeline(&cursor, diagnostics: &diagnostics) { pipelines.append(pipeline) }
        }
        return (pipelines, diagnostics)
    }

    /// pipeline := command ('|' command)*
    private func parsePipeline(_ cursor: inout TokenCursor, diagnostics: inout [Diagnostic]) -> Pipeline? {
        var commands: [CommandCall] = []
        var isValid = true
        while true {
            let words = cursor.consumeWords()
            if let first = words.first {
                commands.append(CommandCall(words: words, location: first.location))
            } else {
                isValid = false
                let location = cursor.peekLocation ?? commands.last?.words.last?.location
                let message = commands.isEmpty ? "expected a command before '|'" : "expected a command after '|'"
                if let location { diagnostics.append(Diagnostic(.missingCommand, message, at: location)) }
            }
            guard let pipe = cursor.consumePipe() else { break }
            if cursor.isAtEnd || cursor.atSemicolon {
                isValid = false
                diagnostics.append(Diagnostic(.missingCommand, "expected a command after '|'", at: pipe))
                break
            }
        }
        return isValid && !commands.isEmpty ? Pipeline(commands: commands) : nil
    }
}

/// A position in a command line's tokens.
private struct TokenCursor {
    let tokens: [Lexer.Token]
    var index = 0

    var isAtEnd: Bool { index >= tokens.count }

    var atSemicolon: Bool {
        if !isAtEnd, case .semicolon = tokens[index] { true } else { false }
    }

    var peekLocation: SourceLocation? {
        guard !isAtEnd else { return nil }
        switch tokens[index] {
        case .word(let word): return word.location
        case .pipe(let location), .semicolon(let location): return location
        }
    }

    mutating func consumeWords() -> [Word] {
        var words: [Word] = []
        while !isAtEnd, case .word(let word) = tokens[index] {
            words.append(word)
            index += 1
        }
        return words
    }

    mutating func consumePipe() -> SourceLocation? {
        guard !isAtEnd, case .pipe(let location) = tokens[index] else { return nil }
        index += 1
        return location
    }

    mutating func consumeSemicolon() -> Bool {
        guard atSemicolon else { return false }
        index += 1
        return true
    }
}
