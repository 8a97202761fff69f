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
            case .command(let location):
                var problems: [Diagnostic] = []
                let pipelines = parseStatements(diagnostics: &problems)
                let (source, endLine) = lexer.finishCommandLine()
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
    private mutating func parseStatements(diagnostics: inout [Diagnostic]) -> [Pipeline] {
        var pipelines: [Pipeline] = []
        var token = lexer.nextToken()
        while token != .endOfLine {
            if case .semicolon = token {
                token = lexer.nextToken()
                continue
            }
            if let pipeline = parsePipeline(startingWith: &token, diagnostics: &diagnostics) {
                pipelines.append(pipeline)
            }
        }
        return pipelines
    }

    /// pipeline := command ('|' command)*; leaves `token` at the `;` or end of line after it.
    private mutating func parsePipeline(startingWith token: inout Lexer.Token, diagnostics: inout [Diagnostic])
        -> Pipeline?
    {
        var commands: [CommandCall] = []
        var isValid = true
        while true {
            var words: [Word] = []
            while case .word(let word) = token {
                words.append(word)
                token = lexer.nextToken()
            }
            if let first = words.first {
                commands.append(CommandCall(words: words, location: first.location))
            } else {
                isValid = false
                switch token {
                case .pipe(let location):
                    diagnostics.append(
                        Diagnostic(
                            .missingCommand,
                            commands.isEmpty ? "expected a command before '|'" : "expected a command after '|'",
                            at: location))
                case .semicolon(let location):
                    diagnostics.append(Diagnostic(.missingCommand, "expected a command after '|'", at: location))
                case .word, .endOfLine:
                    break
                }
            }
            guard case .pipe(let pipe) = token else { break }
            token = lexer.nextToken()
            if token == .endOfLine {
                isValid = false
                diagnostics.append(Diagnostic(.missingCommand, "expected a command after '|'", at: pipe))
                break
            }
            if case .semicolon = token {
                isValid = false
                diagnostics.append(Diagnostic(.missingCommand, "expected a command after '|'", at: pipe))
                break
            }
        }
        return isValid && !commands.isEmpty ? Pipeline(commands: commands) : nil
    }
}
