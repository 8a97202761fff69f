import ShopValues

/// A condition of `if`, `while`, `expect` and `where`: values, comparisons, `not`, `and`,
/// `or` and parentheses.
///
/// `a and b and c` is one `and` of three conditions, not two nested ones, so that a long
/// chain nests no deeper than a short one.
public indirect enum Condition: Sendable, Equatable {
    /// A lone operand: true unless it is `false`, `null`, `0`, `""`, `[]` or `{}` (in `where`,
    /// a field of the item).
    case truth(Operand)
    /// `LEFT OP RIGHT`.
    case comparison(Comparison)
    case not(Condition)
    /// Conditions joined by `and`, two or more.
    case and([Condition])
    /// Conditions joined by `or`, two or more.
    case or([Condition])

    /// Whether any operand reads `$it`.
    public var mentionsItem: Bool {
        switch self {
        case .truth(let operand): operand.mentionsItem
        case .comparison(let comparison): comparison.left.mentionsItem || comparison.right.mentionsItem
        case .not(let inner): inner.mentionsItem
        case .and(let conditions), .or(let conditions): conditions.contains(where: \.mentionsItem)
        }
    }
}

/// `LEFT OP RIGHT`, with the place of the operator.
public struct Comparison: Sendable, Equatable {
    public var left: Operand
    public var comparator: ComparisonOperator
    public var right: Operand
    public var location: SourceLocation
}

/// A side of a comparison.
public enum Operand: Sendable, Equatable {
    /// A word as written.
    case word(Word)
    /// The pipeline's input: `… | expect == 6`.
    case input

    var mentionsItem: Bool {
        if case .word(let word) = self { word.mentionsItem } else { false }
    }
}

/// Reads a ``Condition`` from the words of a statement.
///
/// `(` and `)` are split off unquoted words here, so `(price < 10)` needs no blanks inside
/// the parentheses; `and`, `or`, `not` and the operators count only unquoted. Parentheses and
/// `not` nest, and count against the one nesting limit of the language
/// (``Parser/maximumNesting``) together with the blocks, literals and `$( … )` around the
/// condition; chains of `and` and `or` do not nest.
///
/// ```swift
/// let condition = try ConditionParser.parse(words, at: location)   // price < 10 and not isSelected
/// ```
public struct ConditionParser {
    private enum Token {
        case operand(Word)
        case comparator(ComparisonOperator, SourceLocation)
        case and(SourceLocation)
        case or(SourceLocation)
        case not(SourceLocation)
        case open(SourceLocation)
        case close(SourceLocation)
    }

    private var tokens: [Token] = []
    private var index = 0
    private let start: SourceLocation
    private let acceptsInput: Bool
    private var depth: Int

    private init(start: SourceLocation, acceptsInput: Bool, depth: Int) {
        self.start = start
        self.acceptsInput = acceptsInput
        self.depth = depth
    }

    /// The condition the words spell; `location` is where it starts (for an empty condition).
    /// With `acceptsInput`, a condition that starts with an operator compares the input.
    /// `depth` is how deeply the words sit already (in blocks, literals, `$( … )`).
    public static func parse(
        _ words: some Collection<Word>, at location: SourceLocation, acceptsInput: Bool = false, depth: Int = 0
    ) throws(Diagnostic) -> Condition {
        var parser = ConditionParser(start: location, acceptsInput: acceptsInput, depth: depth)
        for word in words { parser.tokenize(word) }
        guard !parser.tokens.isEmpty else {
            throw Diagnostic(.invalidCondition, "expected a condition", at: location)
        }
        let condition = try parser.parseOr()
        if parser.index < parser.tokens.count {
            let token = parser.tokens[parser.index]
            if case .close(let place) = token {
                throw Diagnostic(.invalidCondition, "unexpected ')'", at: place)
            }
            if case .operand(let word) = token, let text = word.bareText,
                Self.looksLikeOperator(text) || ComparisonOperator.meant(by: text) != nil
            {
                let suggestion = ComparisonOperator.meant(by: text)?.rawValue
                throw Diagnostic(
                    .invalidCondition,
                    "unknown operator '\(text)'" + (suggestion.map { " (did you mean '\($0)'?)" } ?? "")
                        + "; use one of \(ComparisonOperator.spelledOut)", at: word.location)
            }
            throw Diagnostic(
                .invalidCondition, "unexpected \(Self.describe(token)) (join conditions with 'and' or 'or')",
                at: Self.location(of: token))
        }
        return condition
    }

    // MARK: Grammar

    private mutating func parseOr() throws(Diagnostic) -> Condition {
        let first = try parseAnd()
        guard case .or = peek() else { return first }
        var conditions = [first]
        while case .or = peek() {
            index += 1
            conditions.append(try parseAnd())
        }
        return .or(conditions)
    }

    private mutating func parseAnd() throws(Diagnostic) -> Condition {
        let first = try parseNot()
        guard case .and = peek() else { return first }
        var conditions = [first]
        while case .and = peek() {
            index += 1
            conditions.append(try parseNot())
        }
        return .and(conditions)
    }

    private mutating func parseNot() throws(Diagnostic) -> Condition {
        guard let token = peek() else { throw endError() }
        switch token {
        case .not(let place):
            index += 1
            try enterNesting(at: place)
            defer { depth -= 1 }
            return .not(try parseNot())
        case .open(let place):
            index += 1
            try enterNesting(at: place)
            defer { depth -= 1 }
            let inner = try parseOr()
            guard case .close = peek() else {
                throw Diagnostic(.invalidCondition, "missing ')' for this '('", at: place)
            }
            index += 1
            return inner
        case .comparator(let comparator, let place):
            guard acceptsInput, index == 0 else {
                throw Diagnostic(.invalidCondition, "expected a value before '\(comparator.rawValue)'", at: place)
            }
            index += 1
            return .comparison(
                Comparison(
                    left: .input, comparator: comparator, right: try parseRight(after: comparator, at: place),
                    location: place))
        case .operand(let word):
            index += 1
            guard case .comparator(let comparator, let place) = peek() else { return .truth(.word(word)) }
            index += 1
            return .comparison(
                Comparison(
                    left: .word(word), comparator: comparator, right: try parseRight(after: comparator, at: place),
                    location: place))
        case .and(let place), .or(let place), .close(let place):
            throw Diagnostic(.invalidCondition, "expected a value before \(Self.describe(token))", at: place)
        }
    }

    /// One level deeper, for a `(` or a `not` at `place`; throws past the language's limit.
    private mutating func enterNesting(at place: SourceLocation) throws(Diagnostic) {
        depth += 1
        guard depth <= Parser.maximumNesting else {
            throw Diagnostic(
                .nestingTooDeep, "condition nested deeper than \(Parser.maximumNesting) levels", at: place)
        }
    }

    private mutating func parseRight(after comparator: ComparisonOperator, at place: SourceLocation)
        throws(Diagnostic) -> Operand
    {
        guard case .operand(let word) = peek() else {
            throw Diagnostic(.invalidCondition, "expected a value after '\(comparator.rawValue)'", at: place)
        }
        index += 1
        return .word(word)
    }

    private func peek() -> Token? {
        index < tokens.count ? tokens[index] : nil
    }

    private func endError() -> Diagnostic {
        guard let last = tokens.last else { return Diagnostic(.invalidCondition, "expected a condition", at: start) }
        return Diagnostic(
            .invalidCondition, "expected a value after \(Self.describe(last))", at: Self.location(of: last))
    }

    // MARK: Tokens

    /// Adds the tokens of one word: a keyword or operator, or an operand with the `(`s before
    /// it and the `)`s after it split off (each run of them in one pass over its text).
    private mutating func tokenize(_ word: Word) {
        if let keyword = Self.keyword(word) { return tokens.append(keyword) }
        var parts = word.parts
        var location = word.location
        while case .literal(let text)? = parts.first, text.utf8.first == UInt8(ascii: "(") {
            let count = text.utf8.prefix { $0 == UInt8(ascii: "(") }.count
            for _ in 0..<count {
                tokens.append(.open(location))
                location.column += 1
            }
            let rest = String(Substring(text.utf8.dropFirst(count)))
            if rest.isEmpty { parts.removeFirst() } else { parts[0] = .literal(rest) }
        }
        var closings = 0
        while case .literal(let text)? = parts.last, text.utf8.last == UInt8(ascii: ")") {
            let count = text.utf8.reversed().prefix { $0 == UInt8(ascii: ")") }.count
            closings += count
            let rest = String(Substring(text.utf8.dropLast(count)))
            if rest.isEmpty { parts.removeLast() } else { parts[parts.count - 1] = .literal(rest) }
        }
        if let first = parts.first {
            let operand = Word(head: first, tail: Array(parts.dropFirst()), flags: word.flags, location: location)
            tokens.append(Self.keyword(operand) ?? .operand(operand))
        }
        tokens.append(contentsOf: repeatElement(.close(location), count: closings))
    }

    /// The keyword or operator an unquoted word spells, if any.
    private static func keyword(_ word: Word) -> Token? {
        guard let text = word.bareText else { return nil }
        switch text {
        case "and": return .and(word.location)
        case "or": return .or(word.location)
        case "not": return .not(word.location)
        default: return ComparisonOperator(rawValue: text).map { .comparator($0, word.location) }
        }
    }

    /// Whether a word is made of the characters operators are made of (`=~`, `<>`).
    private static func looksLikeOperator(_ text: String) -> Bool {
        !text.isEmpty && text.allSatisfy { "=!<>~".contains($0) }
    }

    private static func describe(_ token: Token) -> String {
        switch token {
        case .operand(let word): "'\(word.staticText ?? "value")'"
        case .comparator(let comparator, _): "'\(comparator.rawValue)'"
        case .and: "'and'"
        case .or: "'or'"
        case .not: "'not'"
        case .open: "'('"
        case .close: "')'"
        }
    }

    private static func location(of token: Token) -> SourceLocation {
        switch token {
        case .operand(let word): word.location
        case .comparator(_, let place), .and(let place), .or(let place), .not(let place), .open(let place),
            .close(let place):
            place
        }
    }
}
