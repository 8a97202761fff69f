/// Splits script text into logical lines and command lines into tokens.
///
/// A logical line is one or more physical lines joined by a trailing `\`. Lines starting with
/// `##`, `#>` or `#` are narration, expected output and comments; a first line starting with
/// `#!` is skipped. Every problem becomes a ``Diagnostic``; lexing goes on after it so that all
/// problems of a line are reported.
struct Lexer {
    /// A logical line, classified.
    enum Line: Equatable {
        case blank
        case narration(Narration)
        case expectation(ExpectedLine)
        /// A command line starts here: read its tokens with ``nextToken()``, then call
        /// ``finishCommandLine()``.
        case command(SourceLocation)
    }

    /// A token of a command line.
    enum Token: Equatable {
        case word(Word)
        case pipe(SourceLocation)
        case semicolon(SourceLocation)
        case endOfLine
    }

    private let bytes: [UInt8]
    private let file: String?
    private var position = 0
    private var line = 1
    private var lineStart = 0
    private var columnCache = (offset: 0, column: 1)
    /// Bytes of the literal text being read, kept between words to avoid reallocating.
    private var literal: [UInt8] = []
    private var diagnostics: [Diagnostic] = []
    /// Where the command line being read started.
    private var commandStart = 0

    init(text: String, file: String?) {
        self.bytes = Array(text.utf8)
        self.file = file
    }

    /// The problems found since the last call, and forgets them.
    mutating func takeDiagnostics() -> [Diagnostic] {
        defer { diagnostics.removeAll() }
        return diagnostics
    }

    /// Whether every line has been read.
    var isAtEnd: Bool { position >= bytes.count }

    /// Reads the next logical line.
    mutating func nextLine() -> Line {
        skipBlanks()
        if at("#") { return commentLine() }
        if atEndOfLine() {
            consumeNewline()
            return .blank
        }
        commandStart = lineStart
        return .command(currentLocation())
    }

    // MARK: Line kinds

    private mutating func commentLine() -> Line {
        let lineNumber = line
        let kind = peek(offset: 1)
        position += (kind == UInt8(ascii: "#") || kind == UInt8(ascii: ">")) ? 2 : 1
        if at(" ") { position += 1 }
        let textStart = position
        while position < bytes.count, bytes[position] != UInt8(ascii: "\n") { position += 1 }
        var textEnd = position
        if textEnd > textStart, bytes[textEnd - 1] == UInt8(ascii: "\r") { textEnd -= 1 }
        let text = String(decoding: bytes[textStart..<textEnd], as: UTF8.self)
        consumeNewline()
        switch kind {
        case UInt8(ascii: "#"): return .narration(Narration(text: text, line: lineNumber))
        case UInt8(ascii: ">"): return .expectation(ExpectedLine(text: text, line: lineNumber))
        default: return .blank
        }
    }

    /// The next token of the command line being read; ``Token/endOfLine`` at its end (a
    /// comment ends it too).
    mutating func nextToken() -> Token {
        while true {
            skipBlanks()
            if atContinuation() {
                if !skipContinuation() { return .endOfLine }
                continue
            }
            if atEndOfLine() || at("#") { return .endOfLine }
            if at("|") {
                defer { position += 1 }
                return .pipe(currentLocation())
            }
            if at(";") {
                defer { position += 1 }
                return .semicolon(currentLocation())
            }
            return .word(readWord())
        }
    }

    /// Moves past the rest of the command line; returns its text and its last physical line.
    mutating func finishCommandLine() -> (source: String, endLine: Int) {
        while position < bytes.count, bytes[position] != UInt8(ascii: "\n") { position += 1 }
        var sourceEnd = position
        if sourceEnd > commandStart, bytes[sourceEnd - 1] == UInt8(ascii: "\r") { sourceEnd -= 1 }
        let source = String(decoding: bytes[commandStart..<sourceEnd], as: UTF8.self)
        let endLine = line
        consumeNewline()
        return (source, endLine)
    }

    // MARK: Words

    /// The pieces of the word being read.
    private struct WordBuilder {
        var head: WordPart?
        var tail: [WordPart] = []
        var isQuoted = false

        mutating func append(_ part: WordPart) {
            if head == nil { head = part } else { tail.append(part) }
        }

        /// Moves the pending literal bytes into a piece.
        mutating func flush(_ literal: inout [UInt8]) {
            guard !literal.isEmpty else { return }
            append(.literal(String(decoding: literal, as: UTF8.self)))
            literal.removeAll(keepingCapacity: true)
        }

        func word(at location: SourceLocation) -> Word {
            Word(head: head ?? .literal(""), tail: tail, isQuoted: isQuoted, location: location)
        }
    }

    private mutating func readWord() -> Word {
        let location = currentLocation()
        var builder = WordBuilder()
        literal.removeAll(keepingCapacity: true)
        scan: while position < bytes.count {
            let byte = bytes[position]
            switch byte {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "|"), UInt8(ascii: ";"):
                break scan
            case UInt8(ascii: "\r") where peek(offset: 1) == UInt8(ascii: "\n"):
                break scan
            case UInt8(ascii: "'"):
                builder.isQuoted = true
                readSingleQuoted()
            case UInt8(ascii: "\""):
                builder.isQuoted = true
                readDoubleQuoted(into: &builder)
            case UInt8(ascii: "$"):
                if let variable = readVariable() {
                    builder.flush(&literal)
                    builder.append(variable)
                } else {
                    literal.append(byte)
                }
            case UInt8(ascii: "\\"):
                if atContinuation() {
                    if !skipContinuation() { break scan }
                } else if position + 1 < bytes.count {
                    literal.append(bytes[position + 1])
                    position += 2
                } else {
                    literal.append(byte)
                    position += 1
                }
            default:
                literal.append(byte)
                position += 1
            }
        }
        builder.flush(&literal)
        return builder.word(at: location)
    }

    private mutating func readSingleQuoted() {
        let opening = currentLocation()
        position += 1
        while position < bytes.count, bytes[position] != UInt8(ascii: "\n") {
            if bytes[position] == UInt8(ascii: "'") {
                position += 1
                return
            }
            literal.append(bytes[position])
            position += 1
        }
        report(.unterminatedString, "unterminated string", at: opening)
    }

    private mutating func readDoubleQuoted(into builder: inout WordBuilder) {
        let opening = currentLocation()
        position += 1
        while position < bytes.count, bytes[position] != UInt8(ascii: "\n") {
            let byte = bytes[position]
            switch byte {
            case UInt8(ascii: "\""):
                position += 1
                return
            case UInt8(ascii: "\\"):
                if atContinuation() {
                    if skipContinuation() { continue }
                    report(.unterminatedString, "unterminated string", at: opening)
                    return
                }
                let escaped = peek(offset: 1)
                switch escaped {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "$"): literal.append(escaped ?? byte)
                case UInt8(ascii: "n"): literal.append(UInt8(ascii: "\n"))
                case UInt8(ascii: "t"): literal.append(UInt8(ascii: "\t"))
                default:
                    literal.append(byte)
                    position += 1
                    continue
                }
                position += 2
            case UInt8(ascii: "$"):
                if let variable = readVariable() {
                    builder.flush(&literal)
                    builder.append(variable)
                } else {
                    literal.append(byte)
                }
            default:
                literal.append(byte)
                position += 1
            }
        }
        report(.unterminatedString, "unterminated string", at: opening)
    }

    /// Reads `$name` or `${name}` at the current `$`; returns nil (consuming only the `$`) when
    /// no name follows, so a lone `$` stays literal text.
    private mutating func readVariable() -> WordPart? {
        let location = currentLocation()
        if peek(offset: 1) == UInt8(ascii: "{") {
            position += 2
            let nameStart = position
            while position < bytes.count, bytes[position] != UInt8(ascii: "}"), bytes[position] != UInt8(ascii: "\n") {
                position += 1
            }
            guard position < bytes.count, bytes[position] == UInt8(ascii: "}") else {
                report(.unterminatedVariable, "unterminated '${'", at: location)
                return .variable("", location)
            }
            let name = String(decoding: bytes[nameStart..<position], as: UTF8.self)
            position += 1
            if !Self.isValidKeyName(name) {
                report(.invalidVariableName, "invalid variable name '\(name)'", at: location)
            }
            return .variable(name, location)
        }
        guard let next = peek(offset: 1), Self.isNameStart(next) else {
            position += 1
            return nil
        }
        position += 1
        let nameStart = position
        while position < bytes.count, Self.isNameContinuation(bytes[position]) { position += 1 }
        return .variable(String(decoding: bytes[nameStart..<position], as: UTF8.self), location)
    }

    /// Whether `name` is a variable name or a dotted state key.
    static func isValidKeyName(_ name: String) -> Bool {
        let segments = name.utf8.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        return !segments.isEmpty
            && segments.allSatisfy { segment in
                guard let first = segment.first, isNameStart(first) else { return false }
                return segment.allSatisfy(isNameContinuation)
            }
    }

    static func isNameStart(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
            || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || byte == UInt8(ascii: "_")
    }

    static func isNameContinuation(_ byte: UInt8) -> Bool {
        isNameStart(byte) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
    }

    // MARK: Cursor

    private func at(_ character: Unicode.Scalar) -> Bool {
        position < bytes.count && bytes[position] == UInt8(ascii: character)
    }

    private func peek(offset: Int) -> UInt8? {
        position + offset < bytes.count ? bytes[position + offset] : nil
    }

    private func atEndOfLine() -> Bool {
        position >= bytes.count || bytes[position] == UInt8(ascii: "\n")
            || (bytes[position] == UInt8(ascii: "\r") && peek(offset: 1) == UInt8(ascii: "\n"))
    }

    /// Whether a `\` ends the physical line here.
    private func atContinuation() -> Bool {
        guard at("\\") else { return false }
        let next = peek(offset: 1)
        return next == nil || next == UInt8(ascii: "\n")
            || (next == UInt8(ascii: "\r") && peek(offset: 2) == UInt8(ascii: "\n"))
    }

    /// Skips `\` and the line break after it; false (with a diagnostic) when the file ends there.
    private mutating func skipContinuation() -> Bool {
        let location = currentLocation()
        position += 1
        if at("\r") { position += 1 }
        guard at("\n") else {
            report(.unterminatedContinuation, "the script ends inside a '\\' continuation", at: location)
            return false
        }
        position += 1
        startNewLine()
        if position >= bytes.count {
            report(.unterminatedContinuation, "the script ends inside a '\\' continuation", at: location)
            return false
        }
        return true
    }

    private mutating func skipBlanks() {
        while position < bytes.count, bytes[position] == UInt8(ascii: " ") || bytes[position] == UInt8(ascii: "\t") {
            position += 1
        }
    }

    private mutating func consumeNewline() {
        if at("\r") { position += 1 }
        if at("\n") {
            position += 1
            startNewLine()
        }
    }

    private mutating func startNewLine() {
        line += 1
        lineStart = position
        columnCache = (position, 1)
    }

    /// The location of the current position; columns count Unicode scalars from the line start.
    private mutating func currentLocation() -> SourceLocation {
        if columnCache.offset > position || columnCache.offset < lineStart {
            columnCache = (lineStart, 1)
        }
        var column = columnCache.column
        for offset in columnCache.offset..<position where bytes[offset] & 0xC0 != 0x80 {
            column += 1
        }
        columnCache = (position, column)
        return SourceLocation(file: file, line: line, column: column)
    }

    private mutating func report(_ id: Diagnostic.ID, _ message: String, at location: SourceLocation) {
        diagnostics.append(Diagnostic(id, message, at: location))
    }
}
