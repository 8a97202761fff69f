import ShopValues

extension Parser {
    /// Reads a word that starts with `[` or `{` — a list or record literal — after the `(`s
    /// in `opening` (kept as text, so that conditions and `math` can split them off); `)`s
    /// may follow it the same way.
    mutating func parseCollectionWord(in context: Lexer.WordContext, at location: SourceLocation, opening: String = "")
        -> Word
    {
        let (literal, flags) = parseCollection()
        var closing = ""
        while lexer.at(")"), !context.countsParentheses || (openParentheses ?? 0) > 0 {
            if context.countsParentheses { openParentheses = (openParentheses ?? 1) - 1 }
            closing += ")"
            lexer.advance()
        }
        if !lexer.atWordEnd(in: context) {
            report(
                .invalidLiteral, "unexpected text after the literal's closing bracket (put a blank after it)",
                at: lexer.currentLocation())
            var rest = WordBuilder(buffer: [])
            readPieces(into: &rest, in: context)
        }
        var parts: [WordPart] = opening.isEmpty ? [] : [.literal(opening)]
        parts.append(.collection(literal))
        if !closing.isEmpty { parts.append(.literal(closing)) }
        return Word(head: parts[0], tail: Array(parts.dropFirst()), flags: flags, location: location)
    }

    /// The `(`s before a `[` or `{` at the current position, consumed, or nil (nothing
    /// consumed) when no literal follows them.
    mutating func readParenthesesBeforeLiteral(in context: Lexer.WordContext) -> String? {
        var count = 0
        while lexer.peek(offset: count) == UInt8(ascii: "(") { count += 1 }
        guard count > 0, let next = lexer.peek(offset: count), next == UInt8(ascii: "[") || next == UInt8(ascii: "{")
        else { return nil }
        for _ in 0..<count { lexer.advance() }
        if context.countsParentheses { openParentheses = (openParentheses ?? 0) + count }
        return String(repeating: "(", count: count)
    }

    /// list := '[' items ']', record := '{' fields '}', at the opening bracket.
    private mutating func parseCollection() -> (CollectionLiteral, WordFlags) {
        let location = lexer.currentLocation()
        let isList = lexer.at("[")
        lexer.advance()
        guard enterNesting("literals", at: location) else {
            lexer.skipBalanced()
            return (CollectionLiteral(contents: .list([]), constant: .list([]), location: location), [])
        }
        defer { depth -= 1 }
        completion?.enterLiteral()
        defer { completion?.leaveLiteral() }
        return isList ? parseList(at: location) : parseRecord(at: location)
    }

    private mutating func parseList(at location: SourceLocation) -> (CollectionLiteral, WordFlags) {
        var items: [Word] = []
        var flags: WordFlags = []
        var commaAfterItem = false
        while true {
            lexer.skipBlanksAndLineBreaks()
            guard let byte = lexer.peek() else {
                reportUnclosed("[", at: location)
                break
            }
            switch byte {
            case UInt8(ascii: "]"):
                lexer.advance()
                let constant = Self.constants(of: items).map(Value.list)
                return (CollectionLiteral(contents: .list(items), constant: constant, location: location), flags)
            case UInt8(ascii: ","):
                if !commaAfterItem { report(.invalidLiteral, "unexpected ','", at: lexer.currentLocation()) }
                commaAfterItem = false
                lexer.advance()
            case UInt8(ascii: "}"):
                report(.invalidLiteral, "unexpected '}' in a list (it opened with '[')", at: lexer.currentLocation())
                lexer.advance()
                return (CollectionLiteral(contents: .list(items), constant: nil, location: location), flags)
            default:
                let item = parseWord(in: .item)
                items.append(item)
                flags.formUnion(item.flags.subtracting(.quoted))
                commaAfterItem = true
            }
        }
        return (CollectionLiteral(contents: .list(items), constant: nil, location: location), flags)
    }

    private mutating func parseRecord(at location: SourceLocation) -> (CollectionLiteral, WordFlags) {
        var fields: [RecordField] = []
        var keys: Set<String> = []
        var flags: WordFlags = []
        var commaAfterField = false
        while true {
            lexer.skipBlanksAndLineBreaks()
            guard let byte = lexer.peek() else {
                reportUnclosed("{", at: location)
                break
            }
            switch byte {
            case UInt8(ascii: "}"):
                lexer.advance()
                let constant = Self.constants(of: fields.map(\.value)).map { values in
                    Value.record(Record(names: FieldNames(fields.map(\.key)), values: values))
                }
                return (CollectionLiteral(contents: .record(fields), constant: constant, location: location), flags)
            case UInt8(ascii: ","):
                if !commaAfterField { report(.invalidLiteral, "unexpected ','", at: lexer.currentLocation()) }
                commaAfterField = false
                lexer.advance()
            case UInt8(ascii: "]"):
                report(.invalidLiteral, "unexpected ']' in a record (it opened with '{')", at: lexer.currentLocation())
                lexer.advance()
                return (CollectionLiteral(contents: .record(fields), constant: nil, location: location), flags)
            case UInt8(ascii: ":"):
                report(.invalidLiteral, "expected a field name before ':'", at: lexer.currentLocation())
                lexer.advance()
                lexer.skipBlanksAndLineBreaks()
                if !lexer.atWordEnd(in: .item) { _ = parseWord(in: .item) }
                commaAfterField = true
            default:
                let keyLocation = lexer.currentLocation()
                let keyWord = parseWord(in: .key)
                let key = keyWord.staticText
                if key == nil {
                    report(
                        .invalidLiteral, "a field name is text, bare or quoted (it cannot use '$' or a literal)",
                        at: keyLocation)
                }
                lexer.skipBlanksAndLineBreaks()
                guard lexer.at(":") else {
                    report(
                        .invalidLiteral, "expected ':' after the field name '\(key ?? "")'",
                        at: lexer.currentLocation())
                    if !lexer.atWordEnd(in: .item) { _ = parseWord(in: .item) }
                    commaAfterField = true
                    continue
                }
                lexer.advance()
                lexer.skipBlanksAndLineBreaks()
                guard !lexer.atWordEnd(in: .item) else {
                    report(.invalidLiteral, "expected a value after '\(key ?? ""):'", at: lexer.currentLocation())
                    commaAfterField = true
                    continue
                }
                let value = parseWord(in: .item)
                flags.formUnion(value.flags.subtracting(.quoted))
                commaAfterField = true
                guard let key else { continue }
                if !keys.insert(key).inserted {
                    report(.duplicateField, "duplicate field '\(key)' in a record", at: keyLocation)
                }
                fields.append(RecordField(key: key, value: value))
            }
        }
        return (CollectionLiteral(contents: .record(fields), constant: nil, location: location), flags)
    }

    private mutating func reportUnclosed(_ bracket: String, at location: SourceLocation) {
        report(
            .unclosedLiteral, "unclosed '\(bracket)' (to write text that starts with '\(bracket)', quote it)",
            at: location)
    }

    /// The values of words that are all constants, or nil.
    private static func constants(of words: [Word]) -> [Value]? {
        var values: [Value] = []
        values.reserveCapacity(words.count)
        for word in words {
            guard let value = word.constantValue else { return nil }
            values.append(value)
        }
        return values
    }
}

extension Word {
    /// The word's value when it needs no evaluation (no `$`), else nil: the typing rules of
    /// unquoted words, quoted text as strings, constant literals. A number too large for 64
    /// bits is nil too: evaluating it reports the error at the word.
    public var constantValue: Value? {
        if tail.isEmpty {
            switch head {
            case .literal(let text): return try? LiteralValue.infer(text)
            case .quoted(let text): return .string(text)
            case .collection(let literal): return literal.constant
            case .reference, .subexpression: return nil
            }
        }
        guard let text = staticText else { return nil }
        return isQuoted ? .string(text) : try? LiteralValue.infer(text)
    }
}
