import ShopValues

/// Scans script text for the ``Parser``: line kinds, blanks, `\` continuations, plain words,
/// quoted text and escapes, `$name` references, and the place of everything.
///
/// Lines starting with `##`, `#>` or `#` are narration, expected output and comments; a first
/// line starting with `#!` is skipped. Every problem becomes a ``Diagnostic``; scanning goes
/// on after it so that all problems of a step are reported.
struct Lexer {
    /// A line, classified at its start.
    enum Line: Equatable {
        case blank
        case narration(Narration)
        case expectation(ExpectedLine)
        /// A command line starts here.
        case command(SourceLocation)
    }

    /// Where a word is read: which bytes end it, and which need the careful path.
    struct WordContext {
        /// Bit `b` set: byte `b` ends the word. Only ASCII bytes are special. Masks, not a
        /// table: a table is an array, retained and released with every word read.
        private let endings: UInt128
        /// Bit `b` set: byte `b` ends the word or needs the careful path.
        private let specials: UInt128

        /// Whether `(` and `)` are counted, so a `)` can close a `$(`.
        let countsParentheses: Bool

        private init(ends: String, careful: String) {
            countsParentheses = careful.contains("(")
            var endings: UInt128 = 0
            var carefuls: UInt128 = 0
            for byte in " \t\n\r".utf8 { endings |= 1 << byte }
            for byte in ends.utf8 { endings |= 1 << byte }
            for byte in "'\"$\\".utf8 { carefuls |= 1 << byte }
            for byte in careful.utf8 { carefuls |= 1 << byte }
            self.endings = endings & ~carefuls
            self.specials = endings | carefuls
        }

        /// A command's words: they end at blanks, `|` and `;`.
        static let command = WordContext(ends: "|;", careful: "")
        /// A command's words inside `$( … )`: parentheses are counted, so `)` may end them.
        static let subexpression = WordContext(ends: "|;", careful: "()")
        /// An item of a list or a value of a record.
        static let item = WordContext(ends: ",]}", careful: "")
        /// A key of a record.
        static let key = WordContext(ends: ",]}:", careful: "")

        /// Whether `byte` ends a word here.
        func ends(_ byte: UInt8) -> Bool { byte < 128 && (endings &>> UInt128(byte)) & 1 != 0 }

        /// Whether `byte` neither ends a word here nor needs the careful path.
        func isOrdinary(_ byte: UInt8) -> Bool { byte >= 128 || (specials &>> UInt128(byte)) & 1 == 0 }
    }

    let bytes: [UInt8]
    /// The script's text, which step sources are views into.
    let text: String
    let file: String?
    /// The number of ``file`` in ``SourceFiles``.
    private let fileID: UInt32
    private(set) var position = 0
    private(set) var line = 1
    private var lineStart = 0
    private var columnCache = (offset: 0, column: 1)
    private var diagnostics: [Diagnostic] = []

    init(text: String, file: String?) {
        self.bytes = Array(text.utf8)
        self.text = text
        self.file = file
        self.fileID = SourceFiles.id(of: file)
    }

    /// A lexer over the text from this one's current line on, followed by `more`: the next
    /// part of a script read a chunk at a time, its lines numbered on from here.
    func continued(with more: String) -> Lexer {
        var continued = Lexer(text: String(slice(lineStart..<bytes.count)) + more, file: file)
        continued.line = line
        return continued
    }

    /// The bytes from the start of the current line to the end of the text.
    package var unreadByteCount: Int { bytes.count - lineStart }

    /// Goes back to the start of a line read earlier (numbered `line`), forgetting the
    /// problems found since.
    mutating func rewind(toLineStart offset: Int, line: Int) {
        position = offset
        lineStart = offset
        self.line = line
        columnCache = (offset, 1)
        diagnostics.removeAll()
    }

    /// The problems found since the last call, and forgets them.
    mutating func takeDiagnostics() -> [Diagnostic] {
        guard !diagnostics.isEmpty else { return [] }
        defer { diagnostics.removeAll() }
        return diagnostics
    }

    /// The place of the first column of `line`.
    func location(ofLine line: Int) -> SourceLocation {
        SourceLocation(fileID: fileID, line: line, column: 1)
    }

    /// Whether everything has been read.
    var isAtEnd: Bool { position >= bytes.count }

    // MARK: Lines

    /// Reads the start of the next line: a `#` line is read whole, a blank line is skipped, a
    /// command line is left for the parser.
    mutating func nextLine() -> Line {
        skipSpaces()
        if at("#") { return commentLine() }
        if atEndOfLine() {
            consumeNewline()
            return .blank
        }
        return .command(currentLocation())
    }

    /// The offset where the current line starts.
    var currentLineStart: Int { lineStart }

    private mutating func commentLine() -> Line {
        let lineNumber = line
        let kind = peek(offset: 1)
        position += (kind == UInt8(ascii: "#") || kind == UInt8(ascii: ">")) ? 2 : 1
        if at(" ") { position += 1 }
        let textStart = position
        skipToEndOfLine()
        var textEnd = position
        if textEnd > textStart, bytes[textEnd - 1] == UInt8(ascii: "\r") { textEnd -= 1 }
        let text = string(textStart..<textEnd)
        consumeNewline()
        switch kind {
        case UInt8(ascii: "#"): return .narration(Narration(text: text, line: lineNumber))
        case UInt8(ascii: ">"): return .expectation(ExpectedLine(text: text, line: lineNumber))
        default: return .blank
        }
    }

    /// Moves to the line break (or the end) without passing it.
    mutating func skipToEndOfLine() {
        while position < bytes.count, bytes[position] != UInt8(ascii: "\n") { position += 1 }
    }

    /// The bytes from `start` to the current position, without a final line break.
    func source(from start: Int) -> Range<Int> {
        var end = position
        while end > start, bytes[end - 1] == UInt8(ascii: "\r") || bytes[end - 1] == UInt8(ascii: "\n") { end -= 1 }
        return start..<end
    }

    /// The text of a byte range, as a new string: decoded from the bytes in place, where a
    /// slice of the array retained and released it for each word.
    func string(_ range: Range<Int>) -> String {
        bytes.withUnsafeBufferPointer { Self.text(UnsafeBufferPointer(rebasing: $0[range])) }
    }

    /// The text of bytes of the script. A text of up to 15 ASCII bytes, most words, is stored
    /// in the string itself and made without the check for invalid UTF-8 that
    /// `String(decoding:as:)` makes of every text; any other is checked, as there.
    static func text(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        String(unsafeUninitializedCapacity: bytes.count) { buffer in
            _ = buffer.initialize(fromContentsOf: bytes)
            return bytes.count
        }
    }

    /// The text of a byte range (a view into the script's text).
    func slice(_ range: Range<Int>) -> Substring {
        let utf8 = text.utf8
        let from = utf8.index(utf8.startIndex, offsetBy: range.lowerBound)
        return Substring(utf8[from..<utf8.index(from, offsetBy: range.count)])
    }

    // MARK: Blanks and separators

    /// Skips spaces, tabs and `\` continuations; false (with a diagnostic) when the text ends
    /// inside a continuation.
    @discardableResult
    mutating func skipBlanks() -> Bool {
        while true {
            skipSpaces()
            guard atContinuation() else { return true }
            if !skipContinuation() { return false }
        }
    }

    /// Skips spaces and tabs.
    mutating func skipSpaces() {
        while position < bytes.count, bytes[position] == UInt8(ascii: " ") || bytes[position] == UInt8(ascii: "\t") {
            position += 1
        }
    }

    /// Skips blanks, line breaks and comments (inside literals and blocks).
    mutating func skipBlanksAndLineBreaks() {
        while true {
            skipBlanks()
            if at("#") {
                skipToEndOfLine()
            } else if atLineBreak() {
                consumeNewline()
            } else {
                return
            }
        }
    }

    /// Whether the current byte is `character`.
    func at(_ character: Unicode.Scalar) -> Bool {
        position < bytes.count && bytes[position] == UInt8(ascii: character)
    }

    /// The byte `offset` bytes ahead, if any.
    func peek(offset: Int = 0) -> UInt8? {
        position + offset < bytes.count ? bytes[position + offset] : nil
    }

    /// Moves one byte forward (not over a line break).
    mutating func advance() {
        position += 1
    }

    /// Whether a line ends here (or the text does).
    func atEndOfLine() -> Bool {
        position >= bytes.count || atLineBreak()
    }

    /// Whether a line break (`\n` or `\r\n`) is here.
    func atLineBreak() -> Bool {
        position < bytes.count
            && (bytes[position] == UInt8(ascii: "\n")
                || (bytes[position] == UInt8(ascii: "\r") && peek(offset: 1) == UInt8(ascii: "\n")))
    }

    /// Moves past a line break, if one is here.
    mutating func consumeNewline() {
        if at("\r"), peek(offset: 1) == UInt8(ascii: "\n") { position += 1 }
        if at("\n") {
            position += 1
            startNewLine()
        }
    }

    /// Whether a `\` ends the physical line here.
    private func atContinuation() -> Bool {
        guard at("\\") else { return false }
        let next = peek(offset: 1)
        return next == nil || next == UInt8(ascii: "\n")
            || (next == UInt8(ascii: "\r") && peek(offset: 2) == UInt8(ascii: "\n"))
    }

    /// Skips `\` and the line break after it; false (with a diagnostic) when the text ends there.
    private mutating func skipContinuation() -> Bool {
        let location = currentLocation()
        position += 1
        consumeNewline()
        guard position < bytes.count, location.line != line else {
            report(.unterminatedContinuation, "the script ends inside a '\\' continuation", at: location)
            return false
        }
        return true
    }

    private mutating func startNewLine() {
        line += 1
        lineStart = position
        columnCache = (position, 1)
    }

    // MARK: Words

    /// The word at the current position when it is plain text in `context` — no quotes,
    /// escapes, references — read in one go; nil (position unchanged) otherwise.
    mutating func readPlainWord(in context: WordContext) -> String? {
        var end = position
        while end < bytes.count {
            let byte = bytes[end]
            if context.isOrdinary(byte) {
                end += 1
            } else if context.ends(byte) {
                // A carriage return is a line break only before a line feed; elsewhere (the end of
                // the text included) it is part of the word.
                if byte == UInt8(ascii: "\r"), end + 1 == bytes.count || bytes[end + 1] != UInt8(ascii: "\n") {
                    end += 1
                    continue
                }
                return takePlainWord(upTo: end)
            } else {
                return nil
            }
        }
        return takePlainWord(upTo: end)
    }

    private mutating func takePlainWord(upTo end: Int) -> String {
        defer { position = end }
        return string(position..<end)
    }

    /// Whether the byte here ends a word in `context` (the end of the text does too).
    func atWordEnd(in context: WordContext) -> Bool {
        guard let byte = peek() else { return true }
        if byte == UInt8(ascii: "\r") { return atLineBreak() }
        return context.ends(byte)
    }

    /// Appends the byte here and the run of ordinary characters in `context` after it to
    /// `literal`.
    mutating func readOrdinary(in context: WordContext, into literal: inout [UInt8]) {
        let start = position
        position += 1
        while position < bytes.count, context.isOrdinary(bytes[position]) { position += 1 }
        literal.append(contentsOf: bytes[start..<position])
    }

    /// After an opening bracket or `$(` too deep to read: skips to its closing one, counting
    /// brackets and parentheses outside quotes, without recursion.
    mutating func skipBalanced() {
        var open = 1
        while position < bytes.count, open > 0 {
            let byte = bytes[position]
            position += 1
            switch byte {
            case UInt8(ascii: "["), UInt8(ascii: "{"), UInt8(ascii: "("): open += 1
            case UInt8(ascii: "]"), UInt8(ascii: "}"), UInt8(ascii: ")"): open -= 1
            case UInt8(ascii: "\\"): if position < bytes.count, bytes[position] != UInt8(ascii: "\n") { position += 1 }
            case UInt8(ascii: "'"), UInt8(ascii: "\""):
                while position < bytes.count, bytes[position] != byte {
                    if byte == UInt8(ascii: "\""), bytes[position] == UInt8(ascii: "\\") { position += 1 }
                    if position < bytes.count, bytes[position] == UInt8(ascii: "\n") {
                        position += 1
                        startNewLine()
                        continue
                    }
                    position += 1
                }
                position += 1
            case UInt8(ascii: "\n"): startNewLine()
            default: break
            }
        }
        position = min(position, bytes.count)
    }

    /// Reads `\c` outside quotes: the character `c` (a `\` at a line's end is a continuation,
    /// handled by ``skipBlanks()``).
    mutating func readUnquotedEscape(into literal: inout [UInt8]) {
        position += 1
        guard position < bytes.count else {
            literal.append(UInt8(ascii: "\\"))
            return
        }
        literal.append(bytes[position])
        position += 1
    }

    /// Whether the `\` here ends the line.
    var atLineContinuation: Bool { atContinuation() }

    /// Skips a `\` continuation inside a word; false at the end of the text.
    mutating func continueWord() -> Bool {
        skipContinuation()
    }

    /// Reads `'…'` (the quote is here), which may span lines; false (with a diagnostic at the
    /// quote) when it is not closed.
    mutating func readSingleQuoted(into literal: inout [UInt8]) -> Bool {
        let opening = currentLocation()
        position += 1
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "'") {
                position += 1
                return true
            }
            literal.append(byte)
            position += 1
            if byte == UInt8(ascii: "\n") { startNewLine() }
        }
        report(.unterminatedString, "unterminated string", at: opening)
        return false
    }

    /// Reads the text of a `"…"` string up to its end, a `$` or a `\`; the line breaks in it
    /// are text.
    mutating func readDoubleQuotedText(into literal: inout [UInt8]) {
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "$") || byte == UInt8(ascii: "\\") { return }
            literal.append(byte)
            position += 1
            if byte == UInt8(ascii: "\n") { startNewLine() }
        }
    }

    /// Reads the escape at a `\` inside double quotes: `\" \\ \$ \n \t` and JSON's `\/ \b \f
    /// \r \uXXXX`; a `\` before a line break continues the line; other `\c` stay as written.
    mutating func readDoubleQuotedEscape(into literal: inout [UInt8]) {
        if atContinuation() {
            if !skipContinuation() { position = bytes.count }
            return
        }
        let location = currentLocation()
        let escaped = peek(offset: 1)
        let replacement: UInt8?
        switch escaped {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "$"), UInt8(ascii: "/"): replacement = escaped
        case UInt8(ascii: "n"): replacement = UInt8(ascii: "\n")
        case UInt8(ascii: "t"): replacement = UInt8(ascii: "\t")
        case UInt8(ascii: "r"): replacement = UInt8(ascii: "\r")
        case UInt8(ascii: "b"): replacement = 0x08
        case UInt8(ascii: "f"): replacement = 0x0C
        case UInt8(ascii: "u"):
            position += 2
            readUnicodeEscape(into: &literal, at: location)
            return
        default:
            literal.append(UInt8(ascii: "\\"))
            position += 1
            return
        }
        literal.append(replacement ?? UInt8(ascii: "\\"))
        position += 2
    }

    /// Reads the four hex digits after `\u` (and a second `\uXXXX` for a surrogate pair).
    private mutating func readUnicodeEscape(into literal: inout [UInt8], at location: SourceLocation) {
        guard let high = readHexQuad() else {
            report(.invalidEscape, "'\\u' needs four hex digits", at: location)
            return
        }
        var scalar = high
        if (0xD800...0xDBFF).contains(high) {
            guard at("\\"), peek(offset: 1) == UInt8(ascii: "u") else {
                report(.invalidEscape, "'\\u' escape of a lone surrogate", at: location)
                return
            }
            position += 2
            guard let low = readHexQuad(), (0xDC00...0xDFFF).contains(low) else {
                report(.invalidEscape, "'\\u' escape of a lone surrogate", at: location)
                return
            }
            scalar = 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
        } else if (0xDC00...0xDFFF).contains(high) {
            report(.invalidEscape, "'\\u' escape of a lone surrogate", at: location)
            return
        }
        guard let unicode = Unicode.Scalar(scalar) else { return }
        literal.append(contentsOf: Array(String(Character(unicode)).utf8))
    }

    private mutating func readHexQuad() -> UInt32? {
        guard position + 4 <= bytes.count else { return nil }
        var value: UInt32 = 0
        for offset in 0..<4 {
            let byte = bytes[position + offset]
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: return nil
            }
            value = value << 4 | digit
        }
        position += 4
        return value
    }

    // MARK: References

    /// Whether `$(` is here.
    var atSubexpression: Bool { at("$") && peek(offset: 1) == UInt8(ascii: "(") }

    /// Reads `$name.path` or `${name.path}` at the current `$`; nil (consuming only the `$`)
    /// when no name follows, so a lone `$` stays text.
    mutating func readReference() -> Reference? {
        let location = currentLocation()
        if peek(offset: 1) == UInt8(ascii: "{") {
            return readBracedReference(at: location)
        }
        guard let next = peek(offset: 1), NameRule.isStart(next) else {
            position += 1
            return nil
        }
        position += 1
        let name = readName()
        var path: [PathSegment] = []
        while at("."), let next = peek(offset: 1), NameRule.isContinuation(next) {
            position += 1
            path.append(PathSegment(readName()))
        }
        return Reference(name: name, path: path, location: location)
    }

    private mutating func readName() -> String {
        let start = position
        while position < bytes.count, NameRule.isContinuation(bytes[position]) { position += 1 }
        return string(start..<position)
    }

    private mutating func readBracedReference(at location: SourceLocation) -> Reference {
        position += 2
        let start = position
        while position < bytes.count, bytes[position] != UInt8(ascii: "}"), bytes[position] != UInt8(ascii: "\n") {
            position += 1
        }
        guard position < bytes.count, bytes[position] == UInt8(ascii: "}") else {
            report(.unterminatedVariable, "unterminated '${'", at: location)
            return Reference(name: "", location: location)
        }
        let spelled = string(start..<position)
        position += 1
        let segments = spelled.utf8.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        let valid =
            segments.first.map { first in
                first.first.map(NameRule.isStart) == true && first.allSatisfy(NameRule.isContinuation)
            }
            == true
            && segments.dropFirst().allSatisfy { segment in
                !segment.isEmpty && segment.allSatisfy { NameRule.isContinuation($0) || $0 == UInt8(ascii: "-") }
            }
        guard valid else {
            report(.invalidVariableName, "invalid variable name '\(spelled)'", at: location)
            return Reference(name: "", location: location)
        }
        let names = segments.map { String(decoding: $0, as: UTF8.self) }
        return Reference(name: names[0], path: names.dropFirst().map(PathSegment.init), location: location)
    }

    // MARK: Places

    /// The location of the current position; columns count Unicode scalars from the line start.
    mutating func currentLocation() -> SourceLocation {
        if columnCache.offset > position || columnCache.offset < lineStart {
            columnCache = (lineStart, 1)
        }
        var column = columnCache.column
        for offset in columnCache.offset..<min(position, bytes.count) where bytes[offset] & 0xC0 != 0x80 {
            column += 1
        }
        columnCache = (position, column)
        return SourceLocation(fileID: fileID, line: line, column: column)
    }

    /// Records a problem.
    mutating func report(_ id: Diagnostic.ID, _ message: String, at location: SourceLocation) {
        diagnostics.append(Diagnostic(id, message, at: location))
    }
}
