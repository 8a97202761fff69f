import ShopValues

extension Parser {
    /// A statement that starts with a keyword: a block, `param`, `break`, `continue`, `return`,
    /// or a misplaced `else`/`catch`/`end`.
    mutating func parseKeywordStatement(_ keyword: Keyword, word: Word, at start: Int) -> (Statement?, Token) {
        switch keyword {
        case .ifBlock: return parseConditional(word)
        case .forLoop: return parseForLoop(word)
        case .whileLoop: return parseWhileLoop(word)
        case .tryBlock: return parseAttempt(word)
        case .def: return parseDefinition(word, at: start)
        case .param: return parseParameter(word)
        case .breakLoop, .continueLoop: return parseLoopControl(keyword, word: word)
        case .returnValue: return parseReturn(word, at: start)
        case .elseBranch, .catchBranch, .end:
            let opener = keyword == .elseBranch ? "an 'if'" : keyword == .catchBranch ? "a 'try'" : "a block to close"
            report(.misplacedKeyword, "'\(keyword.rawValue)' without \(opener)", at: word.location)
            return (nil, skipStatement())
        }
    }

    // MARK: Blocks

    private mutating func parseConditional(_ opener: Word) -> (Statement?, Token) {
        guard openBlock(opener) else { return (nil, .lineBreak) }
        defer { closeBlock() }
        var branches: [Conditional.Branch] = []
        var otherwise: [Statement]?
        var isValid = true
        let (words, _) = readHeader()
        var condition = parseCondition(words, at: opener.location)
        var isElse = false
        while true {
            let (body, closer) = parseStatements(closers: [.elseBranch, .end], acrossLines: true)
            if isElse {
                otherwise = body
            } else if let condition {
                branches.append(Conditional.Branch(condition: condition, body: body))
            } else {
                isValid = false
            }
            guard let closer else { return missingEnd(opener) }
            if closer.keyword == .end {
                let terminator = finishEnd()
                let conditional = Conditional(branches: branches, otherwise: otherwise, location: opener.location)
                return (isValid ? .conditional(conditional) : nil, terminator)
            }
            let (elseWords, _) = readHeader()
            if isElse {
                report(.misplacedKeyword, "'else' after 'else': an 'if' has at most one", at: closer.word.location)
                isValid = false
            }
            if let first = elseWords.first, first.bareText == "if" {
                condition = parseCondition(elseWords.dropFirst(), at: first.location)
                if isElse { condition = nil }
            } else {
                if let extra = elseWords.first {
                    report(
                        .invalidStatement, "unexpected \(Self.describe(extra)) after 'else' (did you mean 'else if'?)",
                        at: extra.location)
                    isValid = false
                }
                isElse = true
            }
        }
    }

    private mutating func parseForLoop(_ opener: Word) -> (Statement?, Token) {
        guard openBlock(opener) else { return (nil, .lineBreak) }
        defer { closeBlock() }
        let (words, _) = readHeader()
        var header: (name: String, sequence: Word)?
        if words.isEmpty {
            report(.invalidStatement, "expected 'for NAME in VALUE'", at: opener.location)
        } else if let name = variableName(words[0], for: "a loop variable") {
            if words.count < 2 || words[1].bareText != "in" {
                report(
                    .invalidStatement, "expected 'in' after 'for \(name)'",
                    at: words.count < 2 ? words[0].location : words[1].location)
            } else if words.count < 3 {
                report(.invalidStatement, "expected a value after 'in'", at: words[1].location)
            } else if words.count > 3 {
                report(
                    .invalidStatement, "'for' takes one value after 'in'; write a list such as [a b c]",
                    at: words[3].location)
            } else {
                header = (name, words[2])
            }
        }
        loops += 1
        let (body, closer) = parseStatements(closers: [.end], acrossLines: true)
        loops -= 1
        guard closer != nil else { return missingEnd(opener) }
        let terminator = finishEnd()
        guard let header else { return (nil, terminator) }
        return (
            .forLoop(ForLoop(variable: header.name, sequence: header.sequence, body: body, location: opener.location)),
            terminator
        )
    }

    private mutating func parseWhileLoop(_ opener: Word) -> (Statement?, Token) {
        guard openBlock(opener) else { return (nil, .lineBreak) }
        defer { closeBlock() }
        let (words, _) = readHeader()
        let condition = parseCondition(words, at: opener.location)
        loops += 1
        let (body, closer) = parseStatements(closers: [.end], acrossLines: true)
        loops -= 1
        guard closer != nil else { return missingEnd(opener) }
        let terminator = finishEnd()
        guard let condition else { return (nil, terminator) }
        return (.whileLoop(WhileLoop(condition: condition, body: body, location: opener.location)), terminator)
    }

    private mutating func parseAttempt(_ opener: Word) -> (Statement?, Token) {
        guard openBlock(opener) else { return (nil, .lineBreak) }
        defer { closeBlock() }
        var isValid = true
        let (words, _) = readHeader()
        if let extra = words.first {
            report(.invalidStatement, "unexpected \(Self.describe(extra)) after 'try'", at: extra.location)
            isValid = false
        }
        let (body, catcher) = parseStatements(closers: [.catchBranch, .end], acrossLines: true)
        guard let catcher else { return missingEnd(opener) }
        var errorName: String?
        var handler: [Statement] = []
        if catcher.keyword == .end {
            report(.missingEnd, "'try' without 'catch'", at: opener.location)
            return (nil, finishEnd())
        }
        let (catchWords, _) = readHeader()
        if let name = catchWords.first {
            errorName = variableName(name, for: "the error's variable")
            if errorName == nil { isValid = false }
            if catchWords.count > 1 {
                report(
                    .invalidStatement, "'catch' takes one variable name, for the error's message",
                    at: catchWords[1].location)
                isValid = false
            }
        }
        let (handlerBody, closer) = parseStatements(closers: [.end], acrossLines: true)
        handler = handlerBody
        guard closer != nil else { return missingEnd(opener) }
        let terminator = finishEnd()
        guard isValid else { return (nil, terminator) }
        return (
            .attempt(Attempt(body: body, errorName: errorName, handler: handler, location: opener.location)),
            terminator
        )
    }

    private mutating func parseDefinition(_ opener: Word, at start: Int) -> (Statement?, Token) {
        var isValid = true
        if blocks > 0 {
            report(
                .misplacedKeyword, "'def' can only be used at the top level, not inside a block", at: opener.location)
            isValid = false
        }
        guard openBlock(opener) else { return (nil, .lineBreak) }
        defer { closeBlock() }
        let (words, _) = readHeader()
        var name: String?
        var description: String?
        if words.isEmpty {
            report(.invalidStatement, "expected 'def NAME \"description\"'", at: opener.location)
            isValid = false
        } else if let text = words[0].bareText, Keyword.names.contains(text) {
            report(.invalidStatement, "'\(text)' is a keyword and cannot name a command", at: words[0].location)
            isValid = false
        } else if let text = words[0].bareText, Self.isCommandName(text) {
            name = text
        } else {
            report(
                .invalidStatement,
                "\(Self.describe(words[0])) cannot name a command: use a letter, then letters, digits, '-' or '_'",
                at: words[0].location)
            isValid = false
        }
        if words.count > 1 {
            description = words[1].staticText
            if description == nil || words.count > 2 {
                report(
                    .invalidStatement, "quote the description: def NAME \"what it does\"",
                    at: words[description == nil ? 1 : 2].location)
                isValid = false
            }
        }
        let enclosing = (loops, isInDefinition)
        (loops, isInDefinition) = (0, true)
        let (statements, closer) = parseStatements(closers: [.end], acrossLines: true)
        (loops, isInDefinition) = enclosing
        guard closer != nil else { return missingEnd(opener) }
        let terminator = finishEnd()
        var parameters: [ParameterDeclaration] = []
        var body: [Statement] = []
        for statement in statements {
            if case .parameter(let parameter) = statement {
                if body.isEmpty {
                    parameters.append(parameter)
                } else {
                    report(
                        .misplacedKeyword, "'param' lines come before the first command of a 'def'",
                        at: parameter.location)
                    isValid = false
                }
            } else {
                body.append(statement)
            }
        }
        guard isValid, let name else { return (nil, terminator) }
        let source = String(lexer.slice(start..<lastEndOffset))
        return (
            .definition(
                Definition(
                    name: name, description: description, parameters: parameters, body: body, source: source,
                    location: opener.location)),
            terminator
        )
    }

    // MARK: Keyword statements

    private mutating func parseParameter(_ opener: Word) -> (Statement?, Token) {
        let (words, terminator) = readHeader()
        guard blocks == 0 || (isInDefinition && blocks == 1) else {
            report(.misplacedKeyword, "'param' belongs at the top of a script or a 'def'", at: opener.location)
            return (nil, terminator)
        }
        let usage = "param NAME [TYPE] [= DEFAULT] [\"HELP\"]"
        guard let first = words.first else {
            report(.invalidStatement, "expected \(usage)", at: opener.location)
            return (nil, terminator)
        }
        guard let name = variableName(first, for: "a parameter") else { return (nil, terminator) }
        var index = 1
        var type = ValueType.any
        if index < words.count, let spelled = words[index].bareText, let named = ValueType.parameterType(named: spelled)
        {
            type = named
            index += 1
        }
        var defaultValue: Value?
        if index < words.count, words[index].bareText == "=" {
            guard index + 1 < words.count else {
                report(.invalidStatement, "expected a default value after '='", at: words[index].location)
                return (nil, terminator)
            }
            let word = words[index + 1]
            guard let value = word.constantValue else {
                report(
                    .invalidStatement, "a default is a constant: a number, text or a literal without '$'",
                    at: word.location)
                return (nil, terminator)
            }
            guard let converted = type.parameterValue(of: value, text: word.staticText) else {
                report(
                    .invalidStatement, "the default \(value.quoted) is not \(type.described)", at: word.location)
                return (nil, terminator)
            }
            defaultValue = converted
            index += 2
        }
        var help: String?
        if index < words.count {
            help = words[index].staticText
            if help == nil || index + 1 < words.count {
                let extra = words[help == nil ? index : index + 1]
                report(.invalidStatement, "unexpected \(Self.describe(extra)) (usage: \(usage))", at: extra.location)
                return (nil, terminator)
            }
        }
        return (
            .parameter(
                ParameterDeclaration(
                    name: name, type: type, defaultValue: defaultValue, help: help, location: opener.location)),
            terminator
        )
    }

    private mutating func parseLoopControl(_ keyword: Keyword, word: Word) -> (Statement?, Token) {
        let (words, terminator) = readHeader()
        if let extra = words.first {
            report(
                .invalidStatement, "unexpected \(Self.describe(extra)) after '\(keyword.rawValue)'",
                at: extra.location)
            return (nil, terminator)
        }
        guard loops > 0 else {
            report(.misplacedKeyword, "'\(keyword.rawValue)' outside a loop", at: word.location)
            return (nil, terminator)
        }
        let kind: LoopControl.Kind = keyword == .breakLoop ? .breakLoop : .continueLoop
        return (.loopControl(LoopControl(kind: kind, location: word.location)), terminator)
    }

    private mutating func parseReturn(_ word: Word, at start: Int) -> (Statement?, Token) {
        let (words, terminator) = readHeader()
        guard isInDefinition else {
            report(.misplacedKeyword, "'return' outside a 'def'", at: word.location)
            return (nil, terminator)
        }
        if words.count > 1 {
            report(
                .invalidStatement, "'return' takes one value (use $( … ) for a pipeline)", at: words[1].location)
            return (nil, terminator)
        }
        return (.returnValue(ReturnStatement(value: words.first, location: word.location)), terminator)
    }

    // MARK: Bodies

    /// Inside a block, at a line's start: skips blank, comment and narration lines; `#>` lines
    /// are misplaced there.
    mutating func skipLinesWithoutCommands() {
        while !lexer.isAtEnd {
            switch lexer.nextLine() {
            case .blank, .narration:
                continue
            case .expectation(let expected):
                report(
                    .misplacedKeyword, "expected output '#>' inside a block: put it after the block's 'end'",
                    at: lexer.location(ofLine: expected.line))
            case .command:
                return
            }
        }
    }

    /// The words of a block's first line, after its keyword.
    private mutating func readHeader() -> ([Word], Token) {
        let (words, terminator, end) = readStatementWords()
        lastEndOffset = end
        return (words, terminator)
    }

    /// Reads what follows `end` (nothing is allowed) and returns the token after it.
    private mutating func finishEnd() -> Token {
        let (words, terminator) = readHeader()
        if let extra = words.first {
            report(.invalidStatement, "unexpected \(Self.describe(extra)) after 'end'", at: extra.location)
        }
        return terminator
    }

    private mutating func missingEnd(_ opener: Word) -> (Statement?, Token) {
        report(.missingEnd, "'\(opener.bareText ?? "block")' without 'end'", at: opener.location)
        return (nil, .endOfInput)
    }

    /// Enters a block; a block too deep is reported and read through without recursion.
    private mutating func openBlock(_ opener: Word) -> Bool {
        guard enterNesting("blocks", at: opener.location) else {
            skipBlock()
            return false
        }
        blocks += 1
        return true
    }

    private mutating func closeBlock() {
        blocks -= 1
        depth -= 1
    }

    /// Reads through a block that cannot be parsed (too deep), counting the blocks it opens
    /// and the `end`s that close them.
    private mutating func skipBlock() {
        let wasSkipping = isSkipping
        isSkipping = true
        defer { isSkipping = wasSkipping }
        var open = 1
        var atStatementStart = false
        while open > 0 {
            switch nextToken(in: .command) {
            case .endOfInput:
                return
            case .lineBreak:
                lexer.consumeNewline()
                atStatementStart = true
            case .semicolon:
                atStatementStart = true
            case .word(let word):
                if atStatementStart, let keyword = Keyword.of(word) {
                    if keyword.opensBlock { open += 1 } else if keyword == .end { open -= 1 }
                }
                atStatementStart = false
            case .pipe, .closeParenthesis:
                atStatementStart = false
            }
        }
    }

    // MARK: Pieces

    private mutating func parseCondition(_ words: some Collection<Word>, at location: SourceLocation) -> Condition? {
        do {
            return try ConditionParser.parse(words, at: location, depth: depth)
        } catch {
            report(error.id, error.message, at: error.location)
            return nil
        }
    }

    /// The name a word gives a variable, or nil (with a diagnostic) when it cannot name one.
    private mutating func variableName(_ word: Word, for role: String) -> String? {
        guard let name = word.bareText, Reference.isVariableName(name) else {
            report(
                .invalidStatement,
                "\(Self.describe(word)) cannot be \(role): use a letter or '_', then letters, digits and '_'",
                at: word.location)
            return nil
        }
        guard !Reference.isReserved(name) else {
            report(.invalidStatement, "'\(name)' is reserved and cannot be \(role)", at: word.location)
            return nil
        }
        return name
    }

    /// Whether `name` can name a user command: a letter, then letters, digits, `-` and `_`.
    package static func isCommandName(_ name: String) -> Bool {
        guard let first = name.utf8.first, NameRule.isStart(first), first != UInt8(ascii: "_") else { return false }
        return name.utf8.allSatisfy { NameRule.isContinuation($0) || $0 == UInt8(ascii: "-") }
    }

    /// A word as messages quote it.
    static func describe(_ word: Word) -> String {
        "'\(word.spelling)'"
    }
}
