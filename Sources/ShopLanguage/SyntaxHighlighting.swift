import ShopValues

/// What each part of a line is — a command known or not, a keyword, a string, a variable, a
/// number, a path, an option, an operator, a comment, an unclosed quote or bracket — found by
/// the parser that runs the line, for colouring it as it is typed.
///
/// ```swift
/// let spans = SyntaxHighlighting.spans(of: "services list | sort price") { words in
///     try? registry.resolve(words).nameLength
/// }
/// spans[0]  // Span(range: 0..<8, kind: .command)
/// ```
public enum SyntaxHighlighting {
    /// What a part of a line is.
    public enum Kind: Sendable, Equatable, CaseIterable {
        /// A word naming a command (both words of a plugin's verb).
        case command
        /// A word where a command goes that names none.
        case unknownCommand
        /// `if`, `for`, `in`, `end` and the other words of blocks.
        case keyword
        /// A word starting with `-`.
        case option
        /// Quoted text, quotes included.
        case string
        /// `$name`, `${key}`.
        case variable
        case number
        /// A word that looks like a file path (`data/x.csv`, `~/notes`).
        case path
        case comment
        /// `|`, `;`, `$(` and its `)`, comparison words (`==`, `and`).
        case `operator`
        /// A quote, bracket or `$(` the line does not close.
        case unclosed
    }

    /// A part of a line: its UTF-8 offsets and what it is.
    public struct Span: Sendable, Equatable {
        public var range: Range<Int>
        public var kind: Kind

        public init(_ range: Range<Int>, _ kind: Kind) {
            self.range = range
            self.kind = kind
        }
    }

    /// The parts of `line` worth colouring, in an order where a later span wins over an earlier
    /// one it overlaps (a variable inside a string). `commandLength` says how many of a
    /// command's first words (those written as plain text) name a command, nil for none.
    public static func spans(of line: String, commandLength: ([String]) -> Int?) -> [Span] {
        var parser = Parser(text: line, file: nil)
        parser.highlights = Recorder()
        var unclosed: [SourceLocation] = []
        while let item = parser.next() {
            guard case .invalid(let diagnostics) = item else { continue }
            for diagnostic in diagnostics {
                switch diagnostic.id {
                case .unterminatedString, .unclosedLiteral, .unclosedSubexpression: unclosed.append(diagnostic.location)
                default: continue
                }
            }
        }
        guard var recorder = parser.highlights else { return [] }
        recorder.startCommand()
        var spans = recorder.words + recorder.commandSpans(commandLength: commandLength) + recorder.marks
        let bytes = Array(line.utf8)
        spans += unclosed.compactMap { location in
            offset(of: location, in: bytes).map { Span($0..<min(bytes.count, $0 + 1), .unclosed) }
        }
        return spans
    }

    /// The byte offset of a line and column (counted in Unicode scalars) of `bytes`.
    private static func offset(of location: SourceLocation, in bytes: [UInt8]) -> Int? {
        var (line, column) = (1, 1)
        for (offset, byte) in bytes.enumerated() {
            if line == location.line && column == location.column { return offset }
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return nil
    }

    /// Collects what the parser reads, as it reads it.
    struct Recorder {
        /// A word read where commands go: its text when written as plain text, and its bytes.
        private typealias CommandWord = (text: String?, range: Range<Int>)

        /// Spans of literal words: numbers, options, paths.
        private(set) var words: [Span] = []
        /// Spans of strings, variables, operators and comments.
        private(set) var marks: [Span] = []
        /// The words of each command read, and of the one being read.
        private var commands: [[CommandWord]] = []
        private var current: [CommandWord] = []
        /// The commands being read around an open `$(`.
        private var enclosing: [[CommandWord]] = []

        /// A command starts: after `|`, `;`, a line break, `$(`, and at the end.
        mutating func startCommand() {
            if !current.isEmpty { commands.append(current) }
            current = []
        }

        /// A word of a command, read where commands and their arguments go.
        mutating func commandWord(_ word: Word, from start: Int, to end: Int) {
            current.append((word.isQuoted ? nil : word.staticText, start..<end))
        }

        /// Any word, items of lists and records included.
        mutating func word(_ word: Word, from start: Int, to end: Int) {
            guard !word.isQuoted, let text = word.staticText, !text.isEmpty else { return }
            switch word.constantValue {
            case .int, .double: words.append(Span(start..<end, .number))
            default:
                if text.hasPrefix("-"), text.count > 1 {
                    words.append(Span(start..<end, .option))
                } else if Recorder.looksLikePath(text) {
                    words.append(Span(start..<end, .path))
                }
            }
        }

        mutating func string(from start: Int, to end: Int) { marks.append(Span(start..<end, .string)) }
        /// A double-quoted string, whose inside was marked from mark `index` on: it goes before
        /// those marks, so that they win.
        mutating func insertString(from start: Int, to end: Int, at index: Int) {
            marks.insert(Span(start..<end, .string), at: min(index, marks.count))
        }
        mutating func variable(from start: Int, to end: Int) { marks.append(Span(start..<end, .variable)) }
        mutating func comment(from start: Int, to end: Int) { marks.append(Span(start..<end, .comment)) }
        mutating func separator(at offset: Int) { marks.append(Span(offset..<(offset + 1), .operator)) }

        /// `$(` at `offset`: the commands inside are read apart from the one that holds it.
        mutating func enterSubexpression(at offset: Int) {
            marks.append(Span(offset..<(offset + 2), .operator))
            enclosing.append(current)
            current = []
        }

        mutating func leaveSubexpression() {
            startCommand()
            current = enclosing.popLast() ?? []
        }

        /// What the words of each command are: the command's name, a keyword, an operator.
        func commandSpans(commandLength: ([String]) -> Int?) -> [Span] {
            var spans: [Span] = []
            for words in commands {
                guard let first = words.first else { continue }
                var named = 0
                if let text = first.text, Parser.Keyword.names.contains(text) {
                    spans.append(Span(first.range, .keyword))
                    named = 1
                    if text == "for", words.count > 2, words[2].text == "in" {
                        spans.append(Span(words[2].range, .keyword))
                    }
                } else if first.text != nil {
                    let texts = words.prefix { $0.text != nil }.compactMap(\.text)
                    if let length = commandLength(texts), length > 0 {
                        named = min(length, words.count)
                        spans += words[..<named].map { Span($0.range, .command) }
                    } else {
                        spans.append(Span(first.range, .unknownCommand))
                        named = 1
                    }
                }
                for word in words.dropFirst(named) where word.text.map(Recorder.operators.contains) == true {
                    spans.append(Span(word.range, .operator))
                }
            }
            return spans
        }

        /// The comparison and logic words of conditions.
        private static let operators: Set<String> = ["==", "!=", "<", "<=", ">", ">=", "=~", "!~", "and", "or", "not"]

        private static func looksLikePath(_ text: String) -> Bool {
            (text.contains("/") && !text.contains("://")) || text == "~" || text.hasPrefix("~/")
        }
    }
}
