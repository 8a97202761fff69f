/// The `#>` lines of a step, compiled for matching against what the step printed.
///
/// A line matches literally (trailing blanks ignored), except that `[..]` matches any text
/// within the line, a line `...` matches any number of lines, and a line ending in ` (re)`
/// is a regular expression for the whole line.
public struct ExpectedOutput {
    /// One compiled `#>` line.
    enum Pattern {
        /// Literal text around `[..]` wildcards.
        case text(segments: [Substring])
        /// `...`: any number of lines.
        case anyLines
        /// A whole-line regular expression.
        case regex(Regex<AnyRegexOutput>)
    }

    let patterns: [Pattern]
    /// The `#>` lines as written.
    public let lines: [ExpectedLine]

    /// Compiles the lines; an invalid ` (re)` pattern is an error naming its line.
    public init(_ lines: [ExpectedLine]) throws(TranscriptError) {
        self.lines = lines
        var patterns: [Pattern] = []
        for line in lines {
            patterns.append(try Self.compile(line))
        }
        self.patterns = patterns
    }

    private static func compile(_ line: ExpectedLine) throws(TranscriptError) -> Pattern {
        let text = trimTrailingBlanks(line.text)
        if text == "..." { return .anyLines }
        if text.hasSuffix(" (re)") {
            let source = String(text.dropLast(5))
            do {
                return .regex(try Regex(source))
            } catch {
                throw .invalidRegex(line: line.line, pattern: source)
            }
        }
        guard text.utf8.contains(UInt8(ascii: "[")) else { return .text(segments: [Substring(text)]) }
        return .text(segments: text.split(separator: "[..]", omittingEmptySubsequences: false))
    }

    /// Whether `actual` (lines already stripped of colour and trailing blanks) is what was expected.
    public func matches(_ actual: [String]) -> Bool {
        var memo: [Int: Bool] = [:]
        func match(_ pattern: Int, _ line: Int) -> Bool {
            let key = pattern * (actual.count + 1) + line
            if let known = memo[key] { return known }
            let result: Bool
            if pattern == patterns.count {
                result = line == actual.count
            } else if case .anyLines = patterns[pattern] {
                result = (line...actual.count).contains { match(pattern + 1, $0) }
            } else {
                result =
                    line < actual.count && Self.matches(patterns[pattern], actual[line]) && match(pattern + 1, line + 1)
            }
            memo[key] = result
            return result
        }
        return match(0, 0)
    }

    /// Whether `index`'s line alone matches `line` (`...` never does).
    func lineMatches(_ index: Int, _ line: String) -> Bool {
        Self.matches(patterns[index], line)
    }

    /// Whether `index`'s line is `...`.
    func isAnyLines(_ index: Int) -> Bool {
        if case .anyLines = patterns[index] { true } else { false }
    }

    static func matches(_ pattern: Pattern, _ line: String) -> Bool {
        let line = trimTrailingBlanks(line)
        switch pattern {
        case .anyLines: return false
        case .regex(let regex): return (try? regex.wholeMatch(in: line)) != nil
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
        let needsEscape = line == "..." || line.contains("[..]") || line.hasSuffix(" (re)")
        guard needsEscape else { return line.isEmpty ? "#>" : "#> " + line }
        let specials: Set<Character> = ["\\", ".", "[", "]", "(", ")", "{", "}", "*", "+", "?", "^", "$", "|"]
        let escaped = line.map { specials.contains($0) ? "\\\($0)" : String($0) }.joined()
        return "#> " + escaped + " (re)"
    }

    static func trimTrailingBlanks(_ text: String) -> String {
        var text = Substring(text)
        while let last = text.last, last == " " || last == "\t" || last == "\r" { text = text.dropLast() }
        return String(text)
    }
}

/// Why a transcript could not be checked.
public enum TranscriptError: Error, Equatable, CustomStringConvertible {
    /// A ` (re)` line that is not a valid regular expression.
    case invalidRegex(line: Int, pattern: String)

    public var description: String {
        switch self {
        case .invalidRegex(let line, let pattern): "line \(line): invalid regular expression '\(pattern)'"
        }
    }
}
