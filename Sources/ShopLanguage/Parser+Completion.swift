/// Where Tab was pressed, as the parser reads the text before the cursor: the command being
/// typed (inside a `$(` if one is open), the words before the cursor, and the partial word.
///
/// ```swift
/// let point = Parser.completionPoint(before: "echo $(services sel")
/// point.words    // ["services"]
/// point.partial  // "sel"
/// ```
public struct CompletionPoint: Sendable, Equatable {
    /// What the partial word is.
    public enum Kind: Sendable, Equatable {
        /// A word of the command (its name, a verb, an argument).
        case word
        /// `$name` or `${name` (``CompletionPoint/partial`` is typed text, `$` included).
        case reference
        /// Nothing to complete: the cursor is in a comment or inside a literal's plain item.
        case none
    }

    /// The words of the current command before the partial one: their text, or their
    /// spelling when they are not plain text (`$x`, `[…]`).
    public var words: [String]
    /// The words of each earlier command of the current pipeline (after the last `;` or line
    /// break), in order: what feeds the current command (for field completion).
    public var earlier: [[String]] = []
    /// The partial word with quotes and escapes resolved (for a reference, as typed).
    public var partial: String
    /// The partial word as typed, which a candidate replaces.
    public var typed: String
    /// The quote the partial word is inside, if it is still open.
    public var openQuote: Character?
    public var kind: Kind

    /// `candidate` (a replacement for ``partial``) written as the partial word is: escaped
    /// when unquoted, inside the open quote otherwise (closed unless it is a folder).
    public func typedForm(of candidate: String) -> String {
        guard kind == .word else { return candidate }
        let closes = !candidate.hasSuffix("/")
        switch openQuote {
        case "'":
            return "'" + candidate + (closes ? "'" : "")
        case "\"":
            var escaped = ""
            for character in candidate {
                if character == "\"" || character == "\\" || character == "$" { escaped.append("\\") }
                escaped.append(character)
            }
            return "\"" + escaped + (closes ? "\"" : "")
        default:
            var escaped = ""
            for (index, character) in candidate.enumerated() {
                let special = " \t'\"$\\|;".contains(character) || (index == 0 && "[{#".contains(character))
                if special { escaped.append("\\") }
                escaped.append(character)
            }
            return escaped
        }
    }

    /// Follows the parser through the text before the cursor.
    struct Recorder {
        private var levels: [[String]] = [[]]
        /// The earlier commands of the pipeline at each level.
        private var earlierLevels: [[[String]]] = [[]]
        private var literals = 0
        private var inComment = false
        private var word: (start: Int, end: Int, text: String?, inLiteral: Bool)?
        private var reference: (start: Int, end: Int)?
        private var quote: Int?
        private var wordStart = 0

        mutating func startCommand(afterPipe: Bool = false) {
            let level = levels.count - 1
            if afterPipe {
                earlierLevels[level].append(levels[level])
            } else {
                earlierLevels[level].removeAll()
            }
            levels[level].removeAll()
            inComment = false
        }

        mutating func startWord(at offset: Int) {
            wordStart = offset
            word = (offset, offset, nil, literals > 0)
        }

        mutating func addWord(_ added: Word, from start: Int, to end: Int) {
            word = (start, end, added.staticText, literals > 0)
            if literals == 0 { levels[levels.count - 1].append(added.staticText ?? added.spelling) }
        }

        mutating func noteReference(from start: Int, to end: Int) {
            reference = (start, end)
        }

        mutating func noteOpenQuote(at offset: Int) {
            quote = offset
        }

        mutating func noteComment() {
            inComment = true
        }

        mutating func enterSubexpression() {
            levels.append([])
            earlierLevels.append([])
        }

        mutating func leaveSubexpression() {
            if levels.count > 1 {
                levels.removeLast()
                earlierLevels.removeLast()
            }
        }

        mutating func enterLiteral() {
            literals += 1
        }

        mutating func leaveLiteral() {
            literals -= 1
        }

        /// The point at the end of `bytes`, the text read.
        func point(in bytes: [UInt8]) -> CompletionPoint {
            var point = wordPoint(in: bytes)
            point.earlier = earlierLevels[earlierLevels.count - 1]
            return point
        }

        /// The point's words and partial word, without the earlier commands.
        private func wordPoint(in bytes: [UInt8]) -> CompletionPoint {
            let end = bytes.count
            var words = levels[levels.count - 1]
            func text(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }
            if inComment { return CompletionPoint(words: words, partial: "", typed: "", openQuote: nil, kind: .none) }
            // A dot after a reference is text when the line goes on (`$s.title costs`), but at
            // the cursor it asks for what the path can go on with (`$orders.0.`).
            if let reference, reference.end == end || (reference.end == end - 1 && bytes[end - 1] == UInt8(ascii: "."))
            {
                let typed = text(reference.start..<end)
                return CompletionPoint(words: words, partial: typed, typed: typed, openQuote: nil, kind: .reference)
            }
            guard let word, word.end == end || quote != nil, word.start < end else {
                return CompletionPoint(words: words, partial: "", typed: "", openQuote: nil, kind: .word)
            }
            if word.inLiteral {
                return CompletionPoint(words: words, partial: "", typed: "", openQuote: nil, kind: .none)
            }
            if !words.isEmpty, word.end == end { words.removeLast() }
            let openQuote = quote.map { Character(UnicodeScalar(bytes[$0])) }
            return CompletionPoint(
                words: words, partial: word.text ?? "", typed: text(word.start..<end), openQuote: openQuote,
                kind: word.text == nil ? .none : .word)
        }
    }
}

extension Parser {
    /// Where Tab stands at the end of `text` (the line before the cursor).
    public static func completionPoint(before text: String) -> CompletionPoint {
        var parser = Parser(text: text, file: nil)
        parser.completion = CompletionPoint.Recorder()
        while parser.next() != nil {}
        return parser.completion?.point(in: parser.lexer.bytes)
            ?? CompletionPoint(words: [], partial: "", typed: "", openQuote: nil, kind: .word)
    }
}
