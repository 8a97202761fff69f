import ShopValues

/// An arithmetic expression of `math`: numbers, durations (`30d`, `1.5h`, `90s`), `$refs` and
/// `$( … )`, `+ - * / %`, unary minus and parentheses.
///
/// Ints stay ints, except `/` of non-multiples; `%` takes ints; an int overflow and a
/// division by zero are errors at their operator. Dates and durations take the operators
/// that make sense for them (`MathOperator+Time.swift`): a date minus a date is a duration, a
/// date plus a duration a date.
///
/// ```swift
/// let expression = try MathExpression.parse(words, at: location)   // 2*-3 + $n
/// let value = try expression.evaluate(operands: [.int(4)])          // .int(-2)
/// ```
public struct MathExpression: Sendable, Equatable {
    /// A node of the expression tree.
    indirect enum Node: Sendable, Equatable {
        case number(Value)
        /// The operand word at this index of ``operands``.
        case operand(Int, SourceLocation)
        case negate(Node, SourceLocation)
        /// A node, then operations applied to it left to right: `1 + 2 - 3`, `2 * 3 / 4`. A
        /// long sum is one chain, not a tree as deep as it is long.
        case chain(Node, [Operation])
    }

    /// One `OP OPERAND` of a chain.
    struct Operation: Sendable, Equatable {
        let operation: MathOperator
        let operand: Node
        let location: SourceLocation
    }

    let root: Node
    /// The words whose values the expression reads (`$n`, `$( … )`), in order: evaluate them,
    /// then pass their values to ``evaluate(operands:)``.
    public let operands: [Word]

    /// The expression the words spell, blanks between tokens optional; `depth` is how deeply
    /// the words sit already (in blocks, literals, `$( … )`), counted against the language's
    /// one nesting limit with the expression's parentheses and signs.
    public static func parse(_ words: some Collection<Word>, at location: SourceLocation, depth: Int = 0)
        throws(Diagnostic) -> MathExpression
    {
        var parser = MathParser(start: location, depth: depth)
        for word in words { try parser.tokenize(word) }
        return try parser.parse()
    }

    /// The value for these operand values.
    public func evaluate(operands values: [Value]) throws(Diagnostic) -> Value {
        let value = try evaluate(root, values)
        try Self.requireArithmetic(value, of: root)
        return value
    }

    private func evaluate(_ node: Node, _ values: [Value]) throws(Diagnostic) -> Value {
        switch node {
        case .number(let value):
            return value
        case .operand(let index, _):
            // Checked by what uses it, which names both sides when one is a date.
            return values[index]
        case .negate(let inner, let location):
            let value = try evaluate(inner, values)
            try Self.requireArithmetic(value, of: inner)
            switch value.number {
            case .int(let int)?:
                guard int != .min else { throw Self.overflow(at: location) }
                return .int(-int)
            case .double(let double)?: return .double(-double)
            case nil:
                guard case .duration(let duration) = value else {
                    throw Diagnostic(.invalidExpression, "cannot negate \(value.describedType)", at: location)
                }
                return .duration(.zero - duration)
            }
        case .chain(let first, let operations):
            var result = try evaluate(first, values)
            for (index, step) in operations.enumerated() {
                let operand = try evaluate(step.operand, values)
                if !result.isTime, !operand.isTime {
                    // After the first operation the left side is a result, not an operand's value.
                    if index == 0 { try Self.requireArithmetic(result, of: first) }
                    try Self.requireArithmetic(operand, of: step.operand)
                }
                result = try step.operation.apply(result, operand, at: step.location)
            }
            return result
        }
    }

    /// Throws, at the operand, when an operand's value is neither a number, a date nor a duration.
    private static func requireArithmetic(_ value: Value, of node: Node) throws(Diagnostic) {
        guard case .operand(_, let location) = node, !value.isNumber, !value.isTime else { return }
        throw Diagnostic(.invalidExpression, "\(value.quoted) is a \(value.typeName), not a number", at: location)
    }

    static func overflow(at location: SourceLocation) -> Diagnostic {
        Diagnostic(.invalidExpression, "the result does not fit in an int", at: location)
    }
}

/// An operator of `math`.
enum MathOperator: String, Sendable, Equatable {
    case add = "+"
    case subtract = "-"
    case multiply = "*"
    case divide = "/"
    case remainder = "%"

    func apply(_ left: Value, _ right: Value, at location: SourceLocation) throws(Diagnostic) -> Value {
        if left.isTime || right.isTime { return try applyTime(left, right, at: location) }
        if case .int(let lhs)? = left.number, case .int(let rhs)? = right.number {
            return try applyInts(lhs, rhs, at: location)
        }
        guard let lhs = left.doubleValue, let rhs = right.doubleValue else {
            throw Diagnostic(.invalidExpression, "cannot \(phrase(left, right))", at: location)
        }
        let result: Double
        switch self {
        case .add: result = lhs + rhs
        case .subtract: result = lhs - rhs
        case .multiply: result = lhs * rhs
        case .divide:
            guard rhs != 0 else { throw Diagnostic(.invalidExpression, "division by zero", at: location) }
            result = lhs / rhs
        case .remainder:
            throw Diagnostic(
                .invalidExpression, "'%' takes whole numbers, not \(left.quoted) and \(right.quoted)", at: location)
        }
        guard result.isFinite else {
            throw Diagnostic(.invalidExpression, "the result is too large for a number", at: location)
        }
        return .double(result)
    }

    private func applyInts(_ lhs: Int, _ rhs: Int, at location: SourceLocation) throws(Diagnostic) -> Value {
        let (result, overflow): (Int, Bool)
        switch self {
        case .add: (result, overflow) = lhs.addingReportingOverflow(rhs)
        case .subtract: (result, overflow) = lhs.subtractingReportingOverflow(rhs)
        case .multiply: (result, overflow) = lhs.multipliedReportingOverflow(by: rhs)
        case .divide, .remainder:
            guard rhs != 0 else { throw Diagnostic(.invalidExpression, "division by zero", at: location) }
            let (remainder, remainderOverflow) = lhs.remainderReportingOverflow(dividingBy: rhs)
            if self == .remainder { return .int(remainderOverflow ? 0 : remainder) }
            guard remainder == 0 else { return .double(Double(lhs) / Double(rhs)) }
            (result, overflow) = lhs.dividedReportingOverflow(by: rhs)
        }
        guard !overflow else { throw MathExpression.overflow(at: location) }
        return .int(result)
    }
}

/// Tokens and grammar of ``MathExpression``.
private struct MathParser {
    private enum Token {
        case number(Value, SourceLocation)
        case operand(Word)
        case symbol(UInt8, SourceLocation)

        var location: SourceLocation {
            switch self {
            case .number(_, let location), .symbol(_, let location): location
            case .operand(let word): word.location
            }
        }
    }

    private let start: SourceLocation
    private var tokens: [Token] = []
    private var operands: [Word] = []
    private var index = 0
    private var depth: Int

    init(start: SourceLocation, depth: Int) {
        self.start = start
        self.depth = depth
    }

    mutating func tokenize(_ word: Word) throws(Diagnostic) {
        for (position, part) in word.parts.enumerated() {
            switch part {
            case .literal(let text):
                try tokenize(text, at: word.location, exact: position == 0)
            case .quoted(let text):
                throw Diagnostic(.invalidExpression, "'\(text)' is text, not a number", at: word.location)
            case .reference, .subexpression, .collection:
                tokens.append(.operand(Word(head: part, flags: word.flags, location: word.location)))
            }
        }
    }

    /// Splits unquoted text into numbers and symbols; `exact` when the text starts at the
    /// word's location, so columns can be counted from it (as the text is read, once).
    private mutating func tokenize(_ text: String, at location: SourceLocation, exact: Bool) throws(Diagnostic) {
        let bytes = Array(text.utf8)
        var offset = 0
        var place = location
        /// Moves `place` on over the bytes from `offset` to `end` (a character a column).
        func advance(to end: Int) {
            if exact { place.column += bytes[offset..<end].count { $0 & 0xC0 != 0x80 } }
            offset = end
        }
        while offset < bytes.count {
            let byte = bytes[offset]
            if Self.isSymbol(byte) {
                tokens.append(.symbol(byte, place))
                advance(to: offset + 1)
                continue
            }
            var end = offset
            while end < bytes.count, !Self.isSymbol(bytes[end]) || Self.isExponentSign(bytes, at: end) { end += 1 }
            let spelling = String(decoding: bytes[offset..<end], as: UTF8.self)
            let number: Value?
            do {
                number = try Self.number(spelling)
            } catch {
                throw Diagnostic(.invalidExpression, error.description, at: place)
            }
            guard let number else { throw Diagnostic(.invalidExpression, "'\(spelling)' is not a number", at: place) }
            tokens.append(.number(number, place))
            advance(to: end)
        }
    }

    private static func isSymbol(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "*"), UInt8(ascii: "/"), UInt8(ascii: "%"),
            UInt8(ascii: "("), UInt8(ascii: ")"):
            true
        default: false
        }
    }

    /// Whether the `+` or `-` at `index` belongs to an exponent (`1e-3`).
    private static func isExponentSign(_ bytes: [UInt8], at index: Int) -> Bool {
        guard index >= 2, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") else { return false }
        let marker = bytes[index - 1]
        let beforeMarker = bytes[index - 2]
        return (marker == UInt8(ascii: "e") || marker == UInt8(ascii: "E"))
            && beforeMarker >= UInt8(ascii: "0") && beforeMarker <= UInt8(ascii: "9")
    }

    /// `digits`, `digits.digits` and an exponent, as an int or a double; with a unit after it
    /// (`d`, `h`, `m`, `s`: `30d`, `1.5h`), a duration.
    private static func number(_ spelling: String) throws(NumberError) -> Value? {
        guard let first = spelling.utf8.first, first >= UInt8(ascii: "0") && first <= UInt8(ascii: "9") else {
            return nil
        }
        if let unit = spelling.utf8.last.flatMap(durationUnitSeconds) {
            let number = try LiteralValue.infer(String(spelling.dropLast())).doubleValue
            guard let number, let duration = Duration(secondsNumber: .double(number * Double(unit))) else { return nil }
            return .duration(duration)
        }
        let value = try LiteralValue.infer(spelling)
        // Not `isNumber ? value : nil`: `Value` takes `nil` as `.null`, a number to math.
        guard value.isNumber else { return nil }
        return value
    }

    /// The seconds in a duration unit: `d`, `h`, `m`, `s`.
    private static func durationUnitSeconds(_ byte: UInt8) -> Int? {
        switch byte {
        case UInt8(ascii: "d"): 86_400
        case UInt8(ascii: "h"): 3600
        case UInt8(ascii: "m"): 60
        case UInt8(ascii: "s"): 1
        default: nil
        }
    }

    // MARK: Grammar

    mutating func parse() throws(Diagnostic) -> MathExpression {
        guard !tokens.isEmpty else {
            throw Diagnostic(.invalidExpression, "expected an expression such as '1 + 2'", at: start)
        }
        let root = try parseSum()
        if index < tokens.count {
            let token = tokens[index]
            if case .symbol(UInt8(ascii: ")"), let place) = token {
                throw Diagnostic(.invalidExpression, "unexpected ')'", at: place)
            }
            throw Diagnostic(.invalidExpression, "expected an operator before \(describe(token))", at: token.location)
        }
        return MathExpression(root: root, operands: operands)
    }

    /// sum := product (('+' | '-') product)*
    private mutating func parseSum() throws(Diagnostic) -> MathExpression.Node {
        try parseChain(of: [.add, .subtract]) { parser throws(Diagnostic) in try parser.parseProduct() }
    }

    /// product := unary (('*' | '/' | '%') unary)*
    private mutating func parseProduct() throws(Diagnostic) -> MathExpression.Node {
        try parseChain(of: [.multiply, .divide, .remainder]) { parser throws(Diagnostic) in try parser.parseUnary() }
    }

    /// Operands joined by any of `operations`, as one chain (or the lone operand).
    private mutating func parseChain(
        of operations: [MathOperator], _ operand: (inout MathParser) throws(Diagnostic) -> MathExpression.Node
    ) throws(Diagnostic) -> MathExpression.Node {
        let first = try operand(&self)
        guard peekOperator(operations) != nil else { return first }
        var chain: [MathExpression.Operation] = []
        while let (operation, place) = peekOperator(operations) {
            index += 1
            chain.append(MathExpression.Operation(operation: operation, operand: try operand(&self), location: place))
        }
        return .chain(first, chain)
    }

    private mutating func parseUnary() throws(Diagnostic) -> MathExpression.Node {
        guard index < tokens.count else {
            let last = tokens[tokens.count - 1]
            throw Diagnostic(.invalidExpression, "expected a number after \(describe(last))", at: last.location)
        }
        let token = tokens[index]
        index += 1
        switch token {
        case .number(let value, _):
            return .number(value)
        case .operand(let word):
            operands.append(word)
            return .operand(operands.count - 1, word.location)
        case .symbol(UInt8(ascii: "-"), let place):
            return try nested(at: place) { parser throws(Diagnostic) in .negate(try parser.parseUnary(), place) }
        case .symbol(UInt8(ascii: "+"), let place):
            return try nested(at: place) { parser throws(Diagnostic) in try parser.parseUnary() }
        case .symbol(UInt8(ascii: "("), let place):
            return try nested(at: place) { parser throws(Diagnostic) in
                let inner = try parser.parseSum()
                guard parser.index < parser.tokens.count,
                    case .symbol(UInt8(ascii: ")"), _) = parser.tokens[parser.index]
                else { throw Diagnostic(.invalidExpression, "missing ')' for this '('", at: place) }
                parser.index += 1
                return inner
            }
        case .symbol(_, let place):
            throw Diagnostic(.invalidExpression, "expected a number before \(describe(token))", at: place)
        }
    }

    /// Parses one level deeper (a `(` or a sign at `place`); throws past the language's limit.
    private mutating func nested(
        at place: SourceLocation, _ parse: (inout MathParser) throws(Diagnostic) -> MathExpression.Node
    ) throws(Diagnostic) -> MathExpression.Node {
        depth += 1
        defer { depth -= 1 }
        guard depth <= Parser.maximumNesting else {
            throw Diagnostic(
                .nestingTooDeep, "expression nested deeper than \(Parser.maximumNesting) levels", at: place)
        }
        return try parse(&self)
    }

    private func peekOperator(_ operations: [MathOperator]) -> (MathOperator, SourceLocation)? {
        guard index < tokens.count, case .symbol(let byte, let place) = tokens[index],
            let operation = MathOperator(rawValue: String(UnicodeScalar(byte))), operations.contains(operation)
        else { return nil }
        return (operation, place)
    }

    private func describe(_ token: Token) -> String {
        switch token {
        case .number(let value, _): "'\(value.plainText)'"
        case .operand(let word): "'\(word.staticText ?? "value")'"
        case .symbol(let byte, _): "'\(String(UnicodeScalar(byte)))'"
        }
    }
}
