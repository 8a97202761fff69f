extension Parser {
    /// The pieces of a word being read: text runs (unquoted or quoted), references,
    /// subexpressions.
    struct WordBuilder {
        private var head: WordPart?
        private var tail: [WordPart] = []
        private(set) var flags: WordFlags = []
        /// The bytes of the text run being read.
        var text: [UInt8]
        private var textIsQuoted = false

        init(buffer: [UInt8]) {
            text = buffer
        }

        /// Prepares for text of this kind, ending a run of the other kind.
        mutating func startText(quoted: Bool) {
            if quoted != textIsQuoted {
                flush()
                textIsQuoted = quoted
            }
            if quoted { flags.insert(.quoted) }
        }

        /// Adds a piece that is not text.
        mutating func append(_ part: WordPart, flags more: WordFlags) {
            flush()
            add(part)
            flags.formUnion(more)
        }

        /// The word, and the text buffer for reuse.
        mutating func finish(at location: SourceLocation) -> (Word, [UInt8]) {
            flush()
            let empty: WordPart = flags.contains(.quoted) ? .quoted("") : .literal("")
            return (Word(head: head ?? empty, tail: tail, flags: flags, location: location), text)
        }

        private mutating func flush() {
            guard !text.isEmpty else { return }
            let string = text.withUnsafeBufferPointer(Lexer.text)
            add(textIsQuoted ? .quoted(string) : .literal(string))
            text.removeAll(keepingCapacity: true)
        }

        private mutating func add(_ part: WordPart) {
            if head == nil { head = part } else { tail.append(part) }
        }
    }

    /// Reads one word in `context`; a plain word is read in one go.
    mutating func parseWord(in context: Lexer.WordContext) -> Word {
        guard highlights != nil else { return readWord(in: context) }
        let start = lexer.position
        let word = readWord(in: context)
        highlights?.word(word, from: start, to: lexer.position)
        return word
    }

    private mutating func readWord(in context: Lexer.WordContext) -> Word {
        let location = lexer.currentLocation()
        completion?.startWord(at: lexer.position)
        if let first = lexer.peek(), first == UInt8(ascii: "[") || first == UInt8(ascii: "{") {
            return parseCollectionWord(in: context, at: location)
        }
        if lexer.at("("), let opening = readParenthesesBeforeLiteral(in: context) {
            return parseCollectionWord(in: context, at: location, opening: opening)
        }
        if let plain = lexer.readPlainWord(in: context) {
            return Word(head: .literal(plain), location: location)
        }
        var builder = WordBuilder(buffer: takeScratch())
        readPieces(into: &builder, in: context)
        let (word, buffer) = builder.finish(at: location)
        scratch = buffer
        return word
    }

    /// The reusable text buffer (empty), so most words allocate none.
    private mutating func takeScratch() -> [UInt8] {
        var buffer: [UInt8] = []
        swap(&buffer, &scratch)
        return buffer
    }

    /// Reads pieces up to the end of the word.
    mutating func readPieces(into builder: inout WordBuilder, in context: Lexer.WordContext) {
        while !lexer.atWordEnd(in: context), let byte = lexer.peek() {
            switch byte {
            case UInt8(ascii: "'"):
                builder.startText(quoted: true)
                let quote = lexer.position
                if !lexer.readSingleQuoted(into: &builder.text) { completion?.noteOpenQuote(at: quote) }
                highlights?.string(from: quote, to: lexer.position)
            case UInt8(ascii: "\""):
                parseDoubleQuoted(into: &builder)
            case UInt8(ascii: "$"):
                if lexer.atSubexpression {
                    let subexpression = parseSubexpression()
                    builder.append(.subexpression(subexpression), flags: Self.flags(of: subexpression))
                } else {
                    readReference(into: &builder)
                }
            case UInt8(ascii: "\\"):
                if lexer.atLineContinuation {
                    if !lexer.continueWord() { return }
                } else {
                    builder.startText(quoted: false)
                    lexer.readUnquotedEscape(into: &builder.text)
                }
            case UInt8(ascii: "(") where context.countsParentheses:
                openParentheses = (openParentheses ?? 0) + 1
                builder.startText(quoted: false)
                builder.text.append(byte)
                lexer.advance()
            case UInt8(ascii: ")") where context.countsParentheses:
                guard let open = openParentheses, open > 0 else { return }
                openParentheses = open - 1
                builder.startText(quoted: false)
                builder.text.append(byte)
                lexer.advance()
            default:
                builder.startText(quoted: false)
                lexer.readOrdinary(in: context, into: &builder.text)
            }
        }
    }

    private mutating func readReference(into builder: inout WordBuilder) {
        let start = lexer.position
        if let reference = lexer.readReference() {
            completion?.noteReference(from: start, to: lexer.position)
            highlights?.variable(from: start, to: lexer.position)
            builder.append(.reference(reference), flags: reference.name == "it" ? .mentionsItem : [])
        } else {
            builder.startText(quoted: false)
            builder.text.append(UInt8(ascii: "$"))
        }
    }

    /// Reads `"…"` at its opening quote: text, escapes, `$refs` and `$( … )`; it may span lines.
    private mutating func parseDoubleQuoted(into builder: inout WordBuilder) {
        let opening = lexer.currentLocation()
        let quote = lexer.position
        lexer.advance()
        builder.startText(quoted: true)
        // Marked first: what the string holds (`$refs`, `$(`) is marked after it, and wins.
        let mark = highlights?.marks.count
        defer { if let mark { highlights?.insertString(from: quote, to: lexer.position, at: mark) } }
        while true {
            lexer.readDoubleQuotedText(into: &builder.text)
            guard let byte = lexer.peek() else {
                lexer.report(.unterminatedString, "unterminated string", at: opening)
                completion?.noteOpenQuote(at: quote)
                return
            }
            switch byte {
            case UInt8(ascii: "\""):
                lexer.advance()
                return
            case UInt8(ascii: "\\"):
                lexer.readDoubleQuotedEscape(into: &builder.text)
            default:
                if lexer.atSubexpression {
                    let subexpression = parseSubexpression()
                    builder.append(.subexpression(subexpression), flags: Self.flags(of: subexpression))
                } else {
                    let start = lexer.position
                    if let reference = lexer.readReference() {
                        completion?.noteReference(from: start, to: lexer.position)
                        highlights?.variable(from: start, to: lexer.position)
                        builder.append(.reference(reference), flags: reference.name == "it" ? .mentionsItem : [])
                    } else {
                        builder.text.append(UInt8(ascii: "$"))
                    }
                }
                builder.startText(quoted: true)
            }
        }
    }

    // MARK: Subexpressions

    /// Reads `$( … )` at its `$`: pipelines separated by `;` or line breaks, up to the `)`.
    mutating func parseSubexpression() -> Subexpression {
        let location = lexer.currentLocation()
        highlights?.enterSubexpression(at: lexer.position)
        defer { highlights?.leaveSubexpression() }
        lexer.advance()
        lexer.advance()
        guard enterNesting("'$( … )'", at: location) else {
            lexer.skipBalanced()
            return Subexpression(pipelines: [], location: location)
        }
        defer { depth -= 1 }
        let enclosingParentheses = openParentheses
        openParentheses = 0
        completion?.enterSubexpression()
        defer { openParentheses = enclosingParentheses }
        var pipelines: [Pipeline] = []
        while true {
            var token = nextToken(in: .subexpression)
            switch token {
            case .lineBreak:
                lexer.consumeNewline()
                continue
            case .semicolon:
                continue
            case .pipe(let place):
                report(.missingCommand, "expected a command before '|'", at: place)
                token = skipStatement()
            case .word(let word):
                if let keyword = Keyword.of(word) {
                    report(
                        .misplacedKeyword, "'\(keyword.rawValue)' cannot be used inside '$( … )'", at: word.location)
                    token = skipStatement()
                } else {
                    let pipeline: Pipeline?
                    (pipeline, token) = parsePipeline(startingWith: word, at: wordStart, in: .subexpression)
                    if let pipeline { pipelines.append(pipeline) }
                }
            case .closeParenthesis, .endOfInput:
                break
            }
            switch token {
            case .closeParenthesis:
                completion?.leaveSubexpression()
                return Subexpression(pipelines: pipelines, location: location)
            case .endOfInput:
                report(.unclosedSubexpression, "unclosed '$(': it needs a ')'", at: location)
                return Subexpression(pipelines: pipelines, location: location)
            default:
                continue
            }
        }
    }

    /// What a subexpression's words say about the word that holds it.
    package static func flags(of subexpression: Subexpression) -> WordFlags {
        let mentionsItem = subexpression.pipelines.contains { pipeline in
            pipeline.commands.contains { call in call.words.contains(where: \.mentionsItem) }
        }
        return mentionsItem ? [.runsCommands, .mentionsItem] : .runsCommands
    }
}
