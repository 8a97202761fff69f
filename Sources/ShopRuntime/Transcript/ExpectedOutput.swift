import ShopLanguage
import ShopPluginAPI

/// The `#>` lines of a step, compiled for matching against what the step printed.
///
/// A line matches literally (trailing blanks ignored), except that `[..]` matches any text
/// within the line, a line `...` matches any number of lines, and a line ending in ` (re)`
/// is a regular expression (a ``Pattern``, PCRE2's dialect) that must match the whole line.
public struct ExpectedOutput {
    /// One compiled `#>` line.
    enum LinePattern {
        /// Literal text around `[..]` wildcards.
        case text(segments: [Substring])
        /// `...`: any number of lines.
        case anyLines
        /// A whole-line regular expression.
        case regex(Pattern)
    }

    let patterns: [LinePattern]
    /// The `#>` lines as written.
    public let lines: [ExpectedLine]

    /// Compiles the lines; an invalid ` (re)` pattern is an error naming its line.
    public init(_ lines: [ExpectedLine]) throws(TranscriptError) {
        self.lines = lines
        var patterns: [LinePattern] = []
        for line in lines {
            patterns.append(try Self.compile(line))
        }
        self.patterns = patterns
    }

    private static func compile(_ line: ExpectedLine) throws(TranscriptError) -> LinePattern {
        let text = trimTrailingBlanks(line.text)
        if text == "..." { return .anyLines }
        if isPatternLine(text) {
            let source = String(decoding: text.utf8.dropLast(5), as: UTF8.self)
            do {
                return .regex(try Pattern(source))
            } catch {
                throw .invalidPattern(line: line.line, error)
            }
        }
        guard text.utf8.contains(UInt8(ascii: "[")) else { return .text(segments: [Substring(text)]) }
        return .text(segments: text.split(separator: "[..]", omittingEmptySubsequences: false))
    }

    /// Whether `actual` (lines already stripped of colour and trailing blanks) is what was
    /// expected; a ` (re)` line that cannot finish is an error naming it.
    public func matches(_ actual: [String]) throws(TranscriptError) -> Bool {
        // Without `...` each line matches its own (most blocks: no table of partial matches).
        guard patterns.indices.contains(where: isAnyLines) else {
            guard patterns.count == actual.count else { return false }
            for (index, line) in actual.enumerated() where try !lineMatches(index, line) { return false }
            return true
        }
        var memo: [Int: Bool] = [:]
        func match(_ pattern: Int, _ line: Int) throws(TranscriptError) -> Bool {
            let key = pattern * (actual.count + 1) + line
            if let known = memo[key] { return known }
            var result = false
            if pattern == patterns.count {
                result = line == actual.count
            } else if case .anyLines = patterns[pattern] {
                for next in line...actual.count where try match(pattern + 1, next) {
                    result = true
                    break
                }
            } else if line < actual.count, try lineMatches(pattern, actual[line]) {
                result = try match(pattern + 1, line + 1)
            }
            memo[key] = result
            return result
        }
        return try match(0, 0)
    }

    /// Whether `index`'s line alone matches `line` (`...` never does).
    func lineMatches(_ index: Int, _ line: String) throws(TranscriptError) -> Bool {
        do {
            return try Self.matches(patterns[index], line)
        } catch {
            throw .patternFailed(line: lines[index].line, error)
        }
    }

    /// Whether `index`'s line is `...`.
    func isAnyLines(_ index: Int) -> Bool {
        if case .anyLines = patterns[index] { true } else { false }
    }

    private static func matches(_ pattern: LinePattern, _ line: String) throws(PatternError) -> Bool {
        let line = trimTrailingBlanks(line)
        switch pattern {
        case .anyLines: return false
        case .regex(let regex): return try regex.matchesWhole(line)
        case .text(let segments):
            guard segments.count > 1 else { return line == segments.first ?? "" }
            guard let first = segments.first, let last = segments.last, line.hasPrefix(first), line.hasSuffix(last),
                line.count >= first.count + last.count
            else { return false }
            var rest = line.dropFirst(first.count).dropLast(last.count)
            for segment in segments.dropFirst().dropLast() where !segment.isEmpty {
                guard let range = rest.firstRange(of: segment) else { return false }
                rest = rest[range.upperBound...]
            }
            return true
        }
    }

    /// A `#>` line that matches exactly `line`, escaped when the text would read as a wildcard.
    static func literalLine(for line: String) -> String {
        let needsEscape = line == "..." || line.contains("[..]") || isPatternLine(line)
        guard needsEscape else { return line.isEmpty ? "#>" : "#> " + line }
        // Escaped scalar by scalar: a combining mark after `[` makes one Character of the two,
        // which a Character-wise escape would miss (a fuzz finding).
        let specials: Set<Unicode.Scalar> = ["\\", ".", "[", "]", "(", ")", "{", "}", "*", "+", "?", "^", "$", "|"]
        var escaped = String.UnicodeScalarView()
        for scalar in line.unicodeScalars {
            if specials.contains(scalar) { escaped.append("\\") }
            escaped.append(scalar)
        }
        return "#> " + String(escaped) + " (re)"
    }

    /// Whether `text` ends in ` (re)`, compared byte by byte: compared Character by Character,
    /// the suffix is missed after a prepended mark such as U+0602, which makes one Character
    /// of itself and the space (a fuzz finding).
    static func isPatternLine(_ text: String) -> Bool {
        text.utf8.reversed().starts(with: " (re)".utf8.reversed())
    }

    /// Whether `byte` is a blank a line may end with unseen: a space, a tab, a carriage return.
    static func isTrailingBlank(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r")
    }

    static func trimTrailingBlanks(_ text: String) -> String {
        // A last byte that is no blank is no blank Character either (nor part of one).
        guard let last = text.utf8.last, isTrailingBlank(last) else { return text }
        var text = Substring(text)
        while let last = text.last, last == " " || last == "\t" || last == "\r" { text = text.dropLast() }
        return String(text)
    }
}

/// Why a transcript could not be checked.
public enum TranscriptError: Error, Equatable, CustomStringConvertible {
    /// A ` (re)` line that is not a valid regular expression.
    case invalidPattern(line: Int, PatternError)
    /// A ` (re)` line that could not be matched (too complex, or interrupted).
    case patternFailed(line: Int, PatternError)

    public var description: String {
        switch self {
        case .invalidPattern(let line, let error), .patternFailed(let line, let error): "line \(line): \(error)"
        }
    }
}
