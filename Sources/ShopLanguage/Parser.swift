import ShopValues

/// Parses script text into steps — statements, pipelines, blocks — with their `#>`
/// expectations and `##` narration, every problem as a ``Diagnostic``.
///
/// ``next()`` reads one step at a time (a line, or as many lines as its blocks take), so
/// `shop run` executes a long script as it reads it; ``parse(_:file:)`` reads a whole
/// ``Script``. The grammar is in `docs/LANGUAGE.md`.
///
/// ```swift
/// let script = Parser.parse("set x 1; echo \"v $x\"\n#> v 1\n", file: "demo.shopscript")
/// script.steps[0].statements.count  // 2
/// ```
public struct Parser: Sendable {
    /// One step or line of a script.
    public enum Item: Sendable, Equatable {
        /// A step: a command line, or a block and what shares its lines.
        case step(Step)
        /// A `##` line.
        case narration(Narration)
        /// A `#>` line.
        case expectation(ExpectedLine)
        /// A step with errors; it cannot run.
        case invalid([Diagnostic])
    }

    /// How deep literals, `$( … )`, blocks and parentheses may nest.
    public static let maximumNesting = 256

    /// A token of a command line.
    enum Token: Equatable {
        case word(Word)
        case pipe(SourceLocation)
        case semicolon(SourceLocation)
        /// The `)` that closes the `$(` being read.
        case closeParenthesis(SourceLocation)
        /// A line break, not consumed: asking again returns it again.
        case lineBreak
        case endOfInput

        /// The word, if the token is one, moved out (the token is left `endOfInput`): taken
        /// with a binding (`case .word(let word)`), the word was copied, its parts retained, and
        /// the token destroyed.
        mutating func takeWord() -> Word? {
            guard case .word = self else { return nil }
            guard case .word(let word) = consume self else {
                self = .endOfInput
                return nil
            }
            self = .endOfInput
            return word
        }
    }

    /// The words a statement can start with that are not commands.
    enum Keyword: String {
        case ifBlock = "if"
        case elseBranch = "else"
        case end
        case forLoop = "for"
        case whileLoop = "while"
        case tryBlock = "try"
        case catchBranch = "catch"
        case def
        case param
        case breakLoop = "break"
        case continueLoop = "continue"
        case returnValue = "return"

        /// Whether it opens a block that `end` closes.
        var opensBlock: Bool {
            switch self {
            case .ifBlock, .forLoop, .whileLoop, .tryBlock, .def: true
            default: false
            }
        }

        /// The keyword a word is, if it is one: an unquoted plain word, checked by length and
        /// first letter before comparing (most words are not keywords).
        static func of(_ word: Word) -> Keyword? {
            guard word.tail.isEmpty, case .literal(let text) = word.head else { return nil }
            let keyword: Keyword
            switch text.utf8.count {
            case 2: keyword = .ifBlock
            case 3:
                switch text.utf8.first {
                case UInt8(ascii: "e"): keyword = .end
                case UInt8(ascii: "f"): keyword = .forLoop
                case UInt8(ascii: "t"): keyword = .tryBlock
                case UInt8(ascii: "d"): keyword = .def
                default: return nil
                }
            case 4: keyword = .elseBranch
            case 5:
                switch text.utf8.first {
                case UInt8(ascii: "w"): keyword = .whileLoop
                case UInt8(ascii: "c"): keyword = .catchBranch
                case UInt8(ascii: "p"): keyword = .param
                case UInt8(ascii: "b"): keyword = .breakLoop
                default: return nil
                }
            case 6: keyword = .returnValue
            case 8: keyword = .continueLoop
            default: return nil
            }
            return text == keyword.rawValue ? keyword : nil
        }

        /// Every keyword, for the names a user command may not take.
        static let names: Set<String> = [
            "if", "else", "end", "for", "in", "while", "try", "catch", "def", "param", "break", "continue", "return",
        ]
    }

    var lexer: Lexer
    /// What the commands read as conditions, expressions or commands; nil reads words as words.
    let syntax: (any CallSyntax)?
    private var problems: [Diagnostic] = []
    /// How deep literals, `$( … )` and blocks nest at the current position.
    var depth = 0
    /// How many loops enclose the current position (for `break`, `continue`).
    var loops = 0
    /// Whether the current position is inside a `def` (for `return`, `param`).
    var isInDefinition = false
    /// How many blocks enclose the current position.
    var blocks = 0
    /// The unmatched `(` of the `$( … )` being read, or nil outside one.
    var openParentheses: Int?
    /// Set while input that already has an error is read through: nothing more is reported.
    var isSkipping = false
    /// Whether a top-level command was read (after it, `param` lines are misplaced).
    private var hasReadCommand = false
    /// The byte ranges of the current step's blocks, `if`/`for`/… to `end`, for their undo labels.
    private var blockRanges: [Range<Int>] = []
    /// What Tab completion asked to find out, when it did.
    var completion: CompletionPoint.Recorder?
    /// What colouring the line as it is typed asked to find out, when it did.
    var highlights: SyntaxHighlighting.Recorder?
    /// Where the last word read by ``nextToken(in:)`` starts (a byte offset).
    var wordStart = 0
    /// A text buffer words are read into, kept to save allocations.
    var scratch: [UInt8] = []
    /// Where the last block line read ends (a byte offset): a `def`'s source ends there.
    var lastEndOffset = 0
    /// Whether more of the script follows the text given (a file read a chunk at a time): a
    /// step the text ends inside is then left for ``append(_:isLast:)`` to complete.
    private var expectsMoreText = false
    /// Set when ``next()`` returned nil because the rest of the script has not been given yet.
    package private(set) var needsMoreText = false

    /// A parser over `text`; `file` names it in diagnostics (nil for the prompt); `syntax`
    /// says which words of a call its command reads as a condition, an expression or a command.
    public init(text: String, file: String?, syntax: (any CallSyntax)? = nil) {
        self.lexer = Lexer(text: text, file: file)
        self.syntax = syntax
    }

    /// A parser over the first part of a script whose rest ``append(_:isLast:)`` gives when
    /// ``needsMoreText`` asks for it; `text` ends at a line break.
    package init(firstPartOf text: String, file: String?, syntax: (any CallSyntax)? = nil) {
        self.init(text: text, file: file, syntax: syntax)
        expectsMoreText = true
    }

    /// The next step, narration or `#>` line, or nil at the end (or, when ``needsMoreText``
    /// is set, at the end of the text given so far).
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
                let start = lexer.currentLineStart
                let hadReadCommand = hasReadCommand
                // Emptied only when not empty: emptying an empty list kept its room at a cost.
                if !blockRanges.isEmpty { blockRanges.removeAll(keepingCapacity: true) }
                let statements = parseStep()
                let source = lexer.source(from: start)
                let endLine = lexer.line
                lexer.consumeNewline()
                var diagnostics = lexer.takeDiagnostics()
                if !problems.isEmpty {
                    // Joined only when there are some: `+` on two empty lists costs every line.
                    diagnostics += problems
                    problems.removeAll()
                }
                if expectsMoreText, diagnostics.contains(where: \.isEndOfInput) {
                    // The step goes on in the text not given yet: it is read again with it.
                    lexer.rewind(toLineStart: start, line: location.line)
                    hasReadCommand = hadReadCommand
                    needsMoreText = true
                    return nil
                }
                if !diagnostics.isEmpty { return .invalid(Self.reported(diagnostics)) }
                guard !statements.isEmpty else { continue }
                return .step(
                    Step(
                        text: lexer.text, bytes: source, location: location, endLine: endLine, statements: statements,
                        expectations: [],
                        blockRanges: blockRanges.isEmpty
                            ? [] : blockRanges.map { ($0.lowerBound - start)..<($0.upperBound - start) }))
            }
        }
        let trailing = lexer.takeDiagnostics() + problems
        problems.removeAll()
        needsMoreText = trailing.isEmpty && expectsMoreText
        return trailing.isEmpty ? nil : .invalid(Self.reported(trailing))
    }

    /// A step's problems as they are reported, in source order. Of those where the text ended
    /// too early, only the last opened is: an unclosed quote swallows the `)` and the `end`
    /// after it, and the `$(` and blocks it leaves open are no further news.
    private static func reported(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        var sorted = diagnostics.sorted {
            ($0.location.line, $0.location.column) < ($1.location.line, $1.location.column)
        }
        if let last = sorted.lastIndex(where: \.isEndOfInput) {
            let kept = sorted[last]
            sorted.removeAll { $0.isEndOfInput && $0 != kept }
        }
        return sorted
    }

    /// Gives the next part of the script (whole lines, unless `isLast`) after ``next()``
    /// asked for it with ``needsMoreText``.
    package mutating func append(_ text: String, isLast: Bool) {
        lexer = lexer.continued(with: text)
        expectsMoreText = !isLast
        needsMoreText = false
    }

    /// The place of the first column of the line to be read next.
    package var lineLocation: SourceLocation { lexer.location(ofLine: lexer.line) }

    /// How many bytes of the text given are still to be read: those of a step that goes on
    /// in the text not given yet.
    package var unreadByteCount: Int { lexer.unreadByteCount }

    /// Parses a whole script, attaching `#>` lines to the step above them.
    public static func parse(_ text: String, file: String?, syntax: (any CallSyntax)? = nil) -> Script {
        var parser = Parser(text: text, file: file, syntax: syntax)
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

    /// The value of a word given on the command line (a script's argument): a number, `true`,
    /// `null`, a list or record literal — never evaluated — else the text itself.
    public static func value(ofArgument text: String) -> Value {
        var parser = Parser(text: text, file: nil)
        let word = parser.parseWord(in: .item)
        guard parser.lexer.isAtEnd, parser.problems.isEmpty, parser.lexer.takeDiagnostics().isEmpty,
            let value = word.constantValue
        else { return .string(text) }
        return value
    }

    // MARK: Steps and statements

    /// step := statement (';' statement)*, read until a line ends outside every block.
    private mutating func parseStep() -> [Statement] {
        let (statements, _) = parseStatements(closers: [], acrossLines: false)
        for statement in statements {
            guard case .parameter(let parameter) = statement else {
                hasReadCommand = true
                continue
            }
            if hasReadCommand {
                report(
                    .misplacedKeyword, "'param' lines come before the first command of a script", at: parameter.location
                )
            }
        }
        return statements
    }

    /// Statements up to one of `closers` (returned with its word), or to the end of the input
    /// (no closer); `acrossLines` for a block's body, else up to the end of the line.
    mutating func parseStatements(closers: [Keyword], acrossLines: Bool) -> (
        [Statement], closer: (keyword: Keyword, word: Word)?
    ) {
        var statements: [Statement] = []
        // Room for two at once: a line of several statements (`set x 1; echo $x`) grows it only then.
        statements.reserveCapacity(2)
        while true {
            var token = nextToken(in: .command)
            switch token {
            case .lineBreak:
                guard acrossLines else { return (statements, nil) }
                lexer.consumeNewline()
                skipLinesWithoutCommands()
            case .endOfInput:
                return (statements, nil)
            case .semicolon, .closeParenthesis:
                continue
            case .pipe(let location):
                report(.missingCommand, "expected a command before '|'", at: location)
                skipStatement()
            case .word:
                guard let word = token.takeWord() else { continue }
                let keyword = Keyword.of(word)
                if let keyword, closers.contains(keyword) { return (statements, (keyword, word)) }
                let start = wordStart
                // Consumed: passed as it is, the word was copied, its parts retained.
                let statement =
                    if let keyword {
                        parseKeywordStatement(keyword, word: consume word, at: start).0
                    } else {
                        parsePipeline(startingWith: consume word, at: start, in: .command).0.map(Statement.pipeline)
                    }
                guard let statement else { continue }
                if depth == 0, statement.isBlock { blockRanges.append(start..<lastEndOffset) }
                statements.append(statement)
            }
        }
    }

    /// pipeline := command ('|' command)*; returns it (nil when invalid) and the token after it.
    mutating func parsePipeline(startingWith first: consuming Word, at start: Int, in context: Lexer.WordContext)
        -> (Pipeline?, Token)
    {
        // The first command apart from those after `|`: most pipelines have no others, and no array.
        var head: CommandCall?
        var rest: [CommandCall] = []
        // Consumed: a borrowed call was copied, its words and cache retained.
        func add(_ call: consuming CommandCall) {
            if head == nil { head = call } else { rest.append(call) }
        }
        var words: [Word] = []
        words.reserveCapacity(4)
        words.append(first)
        var end = lexer.position
        var isValid = true
        var lastPipe: SourceLocation?
        while true {
            var token = nextToken(in: context)
            if let word = token.takeWord() {
                words.append(word)
                end = lexer.position
                continue
            }
            switch token {
            case .pipe(let location):
                if !words.isEmpty {
                    add(call(of: words, isFirst: head == nil))
                } else {
                    isValid = false
                    report(.missingCommand, "expected a command after '|'", at: lastPipe ?? location)
                }
                words = []
                lastPipe = location
            default:
                if !words.isEmpty {
                    add(call(of: words, isFirst: head == nil))
                } else if let lastPipe {
                    isValid = false
                    report(.missingCommand, "expected a command after '|'", at: lastPipe)
                }
                guard isValid, let head else { return (nil, token) }
                return (Pipeline(first: head, rest: rest, text: lexer.text, bytes: start..<end), token)
            }
        }
    }

    /// What the call syntax says of `words`. Not mutating, so that the syntax is asked in place:
    /// from a mutating method, a copy of it was made for every call, retaining all it holds.
    private func argumentSyntax(of words: ArraySlice<Word>) -> ArgumentSyntax? {
        syntax?.argumentSyntax(of: words)
    }

    /// The call `words` make, with the words its command reads as a condition, an expression
    /// or a command parsed (see ``CallSyntax``); `isFirst` for a pipeline's first command,
    /// which has no input.
    mutating func call(of words: [Word], isFirst: Bool) -> CommandCall {
        var call = CommandCall(words: words, location: words[0].location)
        guard let argument = argumentSyntax(of: words[...]), argument.start < words.count else { return call }
        let deferred = words[argument.start...]
        let start = deferred[deferred.startIndex].location
        do throws(Diagnostic) {
            switch argument.form {
            case .condition:
                call.argument = .condition(try ConditionParser.parse(deferred, at: start, depth: depth))
            case .inputCondition:
                call.argument = .condition(
                    try ConditionParser.parse(deferred, at: start, acceptsInput: !isFirst, depth: depth))
            case .expression:
                call.argument = .expression(try MathExpression.parse(deferred, at: start, depth: depth))
            case .command:
                guard let syntax, nestedCommandsFit(deferred, in: syntax, name: argument.command),
                    enterNesting("'\(argument.command)'", at: start)
                else { return call }
                defer { depth -= 1 }
                call.argument = .command(self.call(of: Array(deferred), isFirst: false))
            }
        } catch {
            report(error.id, "\(argument.command): \(error.message)", at: error.location)
        }
        return call
    }

    /// Reads the words up to the end of the statement (for a header or keyword line); returns
    /// them and the token that ended them.
    mutating func readStatementWords() -> ([Word], Token, end: Int) {
        var words: [Word] = []
        var end = lexer.position
        while true {
            let token = nextToken(in: .command)
            guard case .word(let word) = token else {
                if case .pipe(let location) = token {
                    report(.invalidStatement, "unexpected '|' here", at: location)
                    skipStatement()
                    return (words, .lineBreak, end)
                }
                return (words, token, end)
            }
            words.append(word)
            end = lexer.position
        }
    }

    /// Skips to the end of the statement after an error; returns the token that ends it.
    @discardableResult
    mutating func skipStatement() -> Token {
        while true {
            let token = nextToken(in: openParentheses == nil ? .command : .subexpression)
            switch token {
            case .lineBreak, .endOfInput, .semicolon, .closeParenthesis: return token
            case .word, .pipe: continue
            }
        }
    }

    // MARK: Tokens

    /// The next token; a `#` at a token's start comments out the rest of the line.
    mutating func nextToken(in context: Lexer.WordContext) -> Token {
        guard lexer.skipBlanks() else { return .endOfInput }
        guard let byte = lexer.peek() else { return .endOfInput }
        if lexer.atLineBreak() {
            completion?.startCommand()
            highlights?.startCommand()
            return .lineBreak
        }
        switch byte {
        case UInt8(ascii: "#"):
            completion?.noteComment()
            let start = lexer.position
            lexer.skipToEndOfLine()
            highlights?.comment(from: start, to: lexer.position)
            return lexer.isAtEnd ? .endOfInput : .lineBreak
        case UInt8(ascii: "|"):
            let location = lexer.currentLocation()
            highlights?.separator(at: lexer.position)
            highlights?.startCommand()
            lexer.advance()
            completion?.startCommand(afterPipe: true)
            return .pipe(location)
        case UInt8(ascii: ";"):
            let location = lexer.currentLocation()
            highlights?.separator(at: lexer.position)
            highlights?.startCommand()
            lexer.advance()
            completion?.startCommand()
            return .semicolon(location)
        case UInt8(ascii: ")") where openParentheses == 0:
            let location = lexer.currentLocation()
            highlights?.separator(at: lexer.position)
            lexer.advance()
            return .closeParenthesis(location)
        default:
            wordStart = lexer.position
            let word = parseWord(in: context)
            completion?.addWord(word, from: wordStart, to: lexer.position)
            highlights?.commandWord(word, from: wordStart, to: lexer.position)
            return .word(word)
        }
    }

    // MARK: Problems

    /// Records a problem, unless input with an error is being read through.
    ///
    /// Past the nesting limit, what the levels above leave open is no further news: the one
    /// line about the limit says it (10,000 unclosed `[` or `if` gave 257 lines).
    mutating func report(_ id: Diagnostic.ID, _ message: String, at location: SourceLocation) {
        guard !isSkipping else { return }
        let problem = Diagnostic(id, message, at: location)
        if problem.isEndOfInput, problems.contains(where: { $0.id == .nestingTooDeep }) { return }
        problems.append(problem)
    }

    /// Whether the commands nested in `words`, the words of a command that reads a command
    /// (`each each … echo`), stay within the nesting limit; else reports the first past it.
    /// One pass over the chain: read level by level, a chain far past the limit would copy the
    /// words after each level first.
    private mutating func nestedCommandsFit(_ words: ArraySlice<Word>, in syntax: any CallSyntax, name: String)
        -> Bool
    {
        var (rest, name, level) = (words, name, depth)
        while true {
            guard level < Self.maximumNesting else {
                report(
                    .nestingTooDeep, "'\(name)' nested deeper than \(Self.maximumNesting) levels",
                    at: rest[rest.startIndex].location)
                return false
            }
            guard let inner = syntax.argumentSyntax(of: rest), inner.form == .command, inner.start < rest.count
            else { return true }
            (rest, name, level) = (rest.dropFirst(inner.start), inner.command, level + 1)
        }
    }

    /// Runs `body` one nesting level deeper; false (with a diagnostic) when that passes the limit.
    mutating func enterNesting(_ what: String, at location: SourceLocation) -> Bool {
        guard depth < Self.maximumNesting else {
            report(.nestingTooDeep, "\(what) nested deeper than \(Self.maximumNesting) levels", at: location)
            return false
        }
        depth += 1
        return true
    }
}
