import ShopValues

/// A pull reader over JSON bytes: the caller asks for the value it expects next.
///
/// Decoders that know their shape read straight into their own types without building
/// intermediate values, which keeps large files fast and small. Errors carry the JSON path
/// of the failing value: ``readObject(_:)`` and ``readArray(_:)`` add their key or index to
/// errors thrown inside them.
///
/// ```swift
/// let total = try JSONReader.withReader(over: bytes) { reader in
///     var sum = 0
///     try reader.readArray { _, reader in sum += try reader.readInt() }
///     return sum
/// }
/// ```
public struct JSONReader: ~Copyable {
    /// How deep arrays and objects may nest before reading stops with an error.
    public static let maximumDepth = 256

    let bytes: UnsafeBufferPointer<UInt8>
    var position = 0
    var depth = 0

    /// A reader over `bytes` from `position` (for a reader that hands it one value to read).
    init(bytes: UnsafeBufferPointer<UInt8>, position: Int = 0) {
        self.bytes = bytes
        self.position = position
    }

    /// Runs `body` with a reader over `bytes`, then checks that only white space follows the
    /// value it read.
    public static func withReader<Result>(
        over bytes: [UInt8], _ body: (inout JSONReader) throws(JSONError) -> Result
    ) throws(JSONError) -> Result {
        let outcome: Swift.Result<Result, JSONError> = bytes.withUnsafeBufferPointer { buffer in
            Swift.Result { () throws(JSONError) in try withReader(over: buffer, body) }
        }
        return try outcome.get()
    }

    /// Runs `body` with a reader over bytes the caller keeps alive (a mapped file, say), then
    /// checks that only white space follows the value it read.
    public static func withReader<Result>(
        over buffer: UnsafeBufferPointer<UInt8>, _ body: (inout JSONReader) throws(JSONError) -> Result
    ) throws(JSONError) -> Result {
        var reader = JSONReader(bytes: buffer)
        reader.skipByteOrderMark()
        let result = try body(&reader)
        try reader.expectEnd()
        return result
    }

    // MARK: Peeking

    /// The kind of the next value, without consuming it.
    public mutating func peekKind() throws(JSONError) -> JSONKind {
        skipWhitespace()
        guard position < bytes.count else { throw error(.unexpectedEnd) }
        switch bytes[position] {
        case UInt8(ascii: "{"): return .object
        case UInt8(ascii: "["): return .array
        case UInt8(ascii: "\""): return .string
        case UInt8(ascii: "t"), UInt8(ascii: "f"): return .bool
        case UInt8(ascii: "n"): return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number
        default: throw error(.unexpectedCharacter(describe(bytes[position])))
        }
    }

    /// Consumes a `null` if one comes next and says whether it did.
    public mutating func readNullIfPresent() throws(JSONError) -> Bool {
        skipWhitespace()
        // A string, what comes most often, without telling the kind of anything else.
        if position < bytes.count, bytes[position] == UInt8(ascii: "\"") { return false }
        guard try peekKind() == .null else { return false }
        try expectLiteral("null")
        return true
    }

    // MARK: Containers

    /// Reads an object, calling `body` once per member with its key; `body` must read the
    /// member's value. A key that comes twice is an error at the object's path
    /// (``JSONError/Problem/duplicateKey(_:)``): JSON leaves it open which one counts.
    public mutating func readObject(
        _ body: (String, inout JSONReader) throws(JSONError) -> Void
    ) throws(JSONError) {
        try expectContainerStart(UInt8(ascii: "{"), kind: .object)
        defer { depth -= 1 }
        skipWhitespace()
        if consume(UInt8(ascii: "}")) { return }
        var keys = SeenKeys()
        while true {
            skipWhitespace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else {
                throw error(.expected("a member name in quotes"))
            }
            let keyOffset = position
            let key = try readString()
            guard keys.insert(key) else { throw error(.duplicateKey(key), at: keyOffset) }
            skipWhitespace()
            guard consume(UInt8(ascii: ":")) else { throw error(.expected("':' after member name")) }
            do {
                try body(key, &self)
            } catch {
                throw error.inside(.key(key))
            }
            skipWhitespace()
            if consume(UInt8(ascii: ",")) { continue }
            if consume(UInt8(ascii: "}")) { return }
            throw error(position < bytes.count ? .expected("',' or '}' in object") : .unexpectedEnd)
        }
    }

    /// Reads an array, calling `body` once per element with its index; `body` must read the
    /// element.
    public mutating func readArray(
        _ body: (Int, inout JSONReader) throws(JSONError) -> Void
    ) throws(JSONError) {
        try expectContainerStart(UInt8(ascii: "["), kind: .array)
        defer { depth -= 1 }
        skipWhitespace()
        if consume(UInt8(ascii: "]")) { return }
        var index = 0
        while true {
            do {
                try body(index, &self)
            } catch {
                throw error.inside(.index(index))
            }
            index += 1
            skipWhitespace()
            if consume(UInt8(ascii: ",")) { continue }
            if consume(UInt8(ascii: "]")) { return }
            throw error(position < bytes.count ? .expected("',' or ']' in array") : .unexpectedEnd)
        }
    }

    // MARK: Scalars

    /// Reads a string.
    public mutating func readString() throws(JSONError) -> String {
        string(of: try scanString())
    }

    /// The text of a string ``scanString()`` read.
    public func string(of scanned: ScannedString) -> String {
        switch scanned.form {
        case .plain(let range, _): String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
        case .escaped(let string): string
        }
    }

    /// Calls `body` with the UTF-8 bytes of a string ``scanString()`` read: the input's own
    /// when it has no escapes, so that no `String` is made for a value read straight into
    /// something else (a date, say).
    public func withBytes<Result>(
        of scanned: ScannedString, _ body: (UnsafeBufferPointer<UInt8>) throws(JSONError) -> Result
    ) throws(JSONError) -> Result {
        switch scanned.form {
        case .plain(let range, _): try body(UnsafeBufferPointer(rebasing: bytes[range]))
        case .escaped(let string): try Array(string.utf8).withUnsafeBufferPointer(body)
        }
    }

    /// Reads a string and hands `body` its UTF-8 bytes, as ``withBytes(of:_:)`` does.
    public mutating func readString<Result>(
        _ body: (UnsafeBufferPointer<UInt8>) throws(JSONError) -> Result
    ) throws(JSONError) -> Result {
        try withBytes(of: try scanString(), body)
    }

    /// A string ``scanString()`` read past, for ``string(of:)``, ``withBytes(of:_:)`` or a
    /// ``Record/TextBuilder`` over the same bytes (which keeps a printable ASCII one as it is).
    public struct ScannedString {
        enum Form {
            /// Without escapes: the range of its bytes in the input, and whether each of them is
            /// printable ASCII (below DEL: the scan stops at quotes, backslashes and controls).
            case plain(Range<Int>, printableASCII: Bool)
            /// With escapes, resolved.
            case escaped(String)
        }

        let form: Form
    }

    /// Reads past a string, its escapes resolved into a `String` only when it has some.
    public mutating func scanString() throws(JSONError) -> ScannedString {
        skipWhitespace()
        guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else {
            throw try mismatch(expected: .string)
        }
        position += 1
        let start = position
        var printableASCII = skipPlainStringBytes()
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                position += 1
                return ScannedString(form: .plain(start..<position - 1, printableASCII: printableASCII))
            }
            if byte == UInt8(ascii: "\\") { return ScannedString(form: .escaped(try readEscapedString(from: start))) }
            if byte < 0x20 { throw error(.controlCharacterInString) }
            printableASCII = printableASCII && byte < 0x7F
            position += 1
        }
        throw error(.unterminatedString)
    }

    /// Reads a whole number; a number with a fraction or exponent is an error.
    public mutating func readInt() throws(JSONError) -> Int {
        skipWhitespace()
        guard position < bytes.count, bytes[position] == UInt8(ascii: "-") || isDigit(bytes[position]) else {
            throw error(.typeMismatch(expected: "an integer", found: try peekKind().described))
        }
        let start = position
        switch try readNumber().number {
        case .int(let int)?: return int
        default:
            position = start
            throw error(.typeMismatch(expected: "an integer", found: "a number with a fraction"))
        }
    }

    /// Reads a number: an int when it is whole, a double when it has a fraction or an
    /// exponent, kept with its text when that is not how shop writes it (`-0`, `1.50`, `1e5`:
    /// ``ExactNumber``). A whole number past 64 bits is an error rather than a rounded double.
    public mutating func readNumber() throws(JSONError) -> Value {
        skipWhitespace()
        let start = position
        let negative = consume(UInt8(ascii: "-"))
        guard position < bytes.count, isDigit(bytes[position]) else { throw error(.invalidNumber) }
        var magnitude: UInt64 = 0
        var overflow = false
        if bytes[position] == UInt8(ascii: "0") {
            position += 1
        } else {
            while position < bytes.count, isDigit(bytes[position]) {
                let (times, overflowedTimes) = magnitude.multipliedReportingOverflow(by: 10)
                let (sum, overflowedSum) = times.addingReportingOverflow(UInt64(bytes[position] &- 48))
                overflow = overflow || overflowedTimes || overflowedSum
                magnitude = sum
                position += 1
            }
        }
        var isWhole = true
        if consume(UInt8(ascii: ".")) {
            isWhole = false
            guard try skipDigits() else { throw error(.invalidNumber) }
        }
        if position < bytes.count, bytes[position] | 0x20 == UInt8(ascii: "e") {
            isWhole = false
            position += 1
            if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") {
                position += 1
            }
            guard try skipDigits() else { throw error(.invalidNumber) }
        }
        if isWhole {
            // JSON has no leading zeros or `+`: `-0` is the one whole number written unusually.
            if !overflow, negative, magnitude == 0 { return .exact(ExactNumber(.int(0), text: "-0")) }
            if !overflow, negative, magnitude <= UInt64(Int.max) + 1 {
                return .int(magnitude == UInt64(Int.max) + 1 ? Int.min : -Int(magnitude))
            }
            if !overflow, !negative, magnitude <= UInt64(Int.max) { return .int(Int(magnitude)) }
        }
        // The text only now: making it for every whole number cost a third of reading one.
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
        if isWhole { throw error(.integerTooLarge(text), at: start) }
        guard let double = Double(text), double.isFinite else { throw error(.invalidNumber) }
        return ExactNumber.value(.double(double), readFrom: text)
    }

    /// Reads `true` or `false`.
    public mutating func readBool() throws(JSONError) -> Bool {
        switch try peekKind() {
        case .bool:
            if bytes[position] == UInt8(ascii: "t") {
                try expectLiteral("true")
                return true
            }
            try expectLiteral("false")
            return false
        default:
            throw try mismatch(expected: .bool)
        }
    }

    /// Reads any value into a ``Value``.
    public mutating func readValue() throws(JSONError) -> Value {
        switch try peekKind() {
        case .null:
            try expectLiteral("null")
            return .null
        case .bool: return .bool(try readBool())
        case .number: return try readNumber()
        case .string: return .string(try readString())
        case .array:
            var elements: [Value] = []
            try readArray { _, reader throws(JSONError) in elements.append(try reader.readValue()) }
            return .list(elements)
        case .object:
            var pairs: [(String, Value)] = []
            try readObject { key, reader throws(JSONError) in pairs.append((key, try reader.readValue())) }
            return .record(Record(pairs: pairs))
        }
    }

    /// Skips the next value, whatever it is.
    public mutating func skipValue() throws(JSONError) {
        switch try peekKind() {
        case .array: try readArray { _, reader throws(JSONError) in try reader.skipValue() }
        case .object: try readObject { _, reader throws(JSONError) in try reader.skipValue() }
        case .string: _ = try readString()
        case .number: _ = try readNumber()
        case .bool: _ = try readBool()
        case .null: try expectLiteral("null")
        }
    }

    /// An error at the current position, for decoders that find a value they cannot use.
    public func error(_ problem: JSONError.Problem) -> JSONError {
        error(problem, at: position)
    }

    /// The offset of the next byte to read. Keep it to place an error found later (a
    /// repeated id, say) with ``error(_:at:)``; making errors ahead of need costs a scan of
    /// the input each.
    public var offset: Int { position }

    /// An error at an earlier ``offset``.
    public func error(_ problem: JSONError.Problem, at offset: Int) -> JSONError {
        let (line, column) = lineAndColumn(of: max(0, min(offset, bytes.count)))
        return JSONError(problem: problem, path: [], line: line, column: column)
    }

    // MARK: Internals

    mutating func expectContainerStart(_ opening: UInt8, kind: JSONKind) throws(JSONError) {
        skipWhitespace()
        guard position < bytes.count, bytes[position] == opening else { throw try mismatch(expected: kind) }
        guard depth < Self.maximumDepth else { throw error(.tooDeep(Self.maximumDepth)) }
        depth += 1
        position += 1
    }

    private mutating func mismatch(expected: JSONKind) throws(JSONError) -> JSONError {
        let found = try peekKind()
        let article = expected == .array || expected == .object ? "an" : "a"
        return error(.typeMismatch(expected: "\(article) \(expected.rawValue)", found: found.described))
    }

    private mutating func readEscapedString(from start: Int) throws(JSONError) -> String {
        var utf8 = Array(UnsafeBufferPointer(rebasing: bytes[start..<position]))
        while position < bytes.count {
            let byte = bytes[position]
            position += 1
            switch byte {
            case UInt8(ascii: "\""):
                return String(decoding: utf8, as: UTF8.self)
            case UInt8(ascii: "\\"):
                guard position < bytes.count else { throw error(.unterminatedString) }
                let escape = bytes[position]
                position += 1
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(escape)
                case UInt8(ascii: "b"): utf8.append(0x08)
                case UInt8(ascii: "f"): utf8.append(0x0C)
                case UInt8(ascii: "n"): utf8.append(0x0A)
                case UInt8(ascii: "r"): utf8.append(0x0D)
                case UInt8(ascii: "t"): utf8.append(0x09)
                case UInt8(ascii: "u"): utf8.append(contentsOf: try readUnicodeEscape())
                default:
                    position -= 1
                    throw error(.invalidEscape(describe(escape)))
                }
            default:
                if byte < 0x20 {
                    position -= 1
                    throw error(.controlCharacterInString)
                }
                utf8.append(byte)
            }
        }
        throw error(.unterminatedString)
    }

    /// The UTF-8 of a `\uXXXX` escape (the `\u` read), or of a surrogate pair of two.
    ///
    /// A surrogate that is not half of a pair (RFC 8259 leaves such strings' meaning open) is
    /// U+FFFD, as the writer never makes one; the escape after a lone high surrogate is not
    /// part of it and is read on its own (`"\uD800\u0041"` is `"\u{FFFD}A"`).
    private mutating func readUnicodeEscape() throws(JSONError) -> [UInt8] {
        let first = try readHexQuad()
        var scalarValue = UInt32(first)
        if (0xD800...0xDBFF).contains(first) {
            guard position + 1 < bytes.count, bytes[position] == UInt8(ascii: "\\"),
                bytes[position + 1] == UInt8(ascii: "u")
            else { return Array("\u{FFFD}".utf8) }
            let secondStart = position
            position += 2
            let second = try readHexQuad()
            guard (0xDC00...0xDFFF).contains(second) else {
                position = secondStart
                return Array("\u{FFFD}".utf8)
            }
            scalarValue = 0x10000 + ((UInt32(first) - 0xD800) << 10) + (UInt32(second) - 0xDC00)
        }
        let scalar = Unicode.Scalar(scalarValue) ?? "\u{FFFD}"
        return Array(String(Character(scalar)).utf8)
    }

    private mutating func readHexQuad() throws(JSONError) -> UInt16 {
        guard position + 4 <= bytes.count else { throw error(.invalidEscape("\\u")) }
        var value: UInt16 = 0
        for _ in 0..<4 {
            let byte = bytes[position]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw error(.invalidEscape("\\u"))
            }
            value = value << 4 | UInt16(digit)
            position += 1
        }
        return value
    }

    private mutating func skipDigits() throws(JSONError) -> Bool {
        let start = position
        while position < bytes.count, isDigit(bytes[position]) { position += 1 }
        return position > start
    }

    private mutating func expectLiteral(_ literal: StaticString) throws(JSONError) {
        let length = literal.utf8CodeUnitCount
        guard position + length <= bytes.count else { throw error(.unexpectedEnd) }
        let matches = literal.withUTF8Buffer { expected in
            (0..<length).allSatisfy { bytes[position + $0] == expected[$0] }
        }
        guard matches else { throw error(.unexpectedCharacter(describe(bytes[position]))) }
        position += length
    }

    private mutating func expectEnd() throws(JSONError) {
        skipWhitespace()
        guard position == bytes.count else { throw error(.trailingCharacters) }
    }

    private mutating func skipByteOrderMark() {
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { position = 3 }
    }

    mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x0A, 0x0D, 0x09: position += 1
            default: return
            }
        }
    }

    mutating func consume(_ byte: UInt8) -> Bool {
        guard position < bytes.count, bytes[position] == byte else { return false }
        position += 1
        return true
    }

    private func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    func describe(_ byte: UInt8) -> String {
        (0x21...0x7E).contains(byte) ? "'\(Character(Unicode.Scalar(byte)))'" : "byte 0x\(String(byte, radix: 16))"
    }

    private func lineAndColumn(of offset: Int) -> (line: Int, column: Int) {
        var line = 1
        var lineStart = 0
        for index in 0..<offset where bytes[index] == 0x0A {
            line += 1
            lineStart = index + 1
        }
        return (line, offset - lineStart + 1)
    }
}

/// The keys of one object read so far: a short list while it is small, a set beyond. Keys
/// match by their bytes (``UTF8Key``): `"\u00e9"` and `"e\u0301"` are two keys.
struct SeenKeys {
    private static let listLimit = 12
    /// The first key, kept apart: objects with one key not looked for allocate nothing.
    private var first: String?
    private var list: [String] = []
    private var set: Set<UTF8Key> = []

    /// Adds `key`; false when it was there already.
    mutating func insert(_ key: String) -> Bool {
        guard let first else {
            first = key
            return true
        }
        if key.hasSameUTF8(as: first) { return false }
        guard set.isEmpty else { return set.insert(UTF8Key(key)).inserted }
        if list.contains(where: key.hasSameUTF8(as:)) { return false }
        guard list.count < Self.listLimit else {
            set = Set((list + [first]).map(UTF8Key.init))
            list = []
            return set.insert(UTF8Key(key)).inserted
        }
        if list.isEmpty { list.reserveCapacity(Self.listLimit) }
        list.append(key)
        return true
    }
}

/// The kinds of JSON values.
public enum JSONKind: String, Sendable, Equatable {
    case object, array, string, number, bool, null

    /// How an error message names a value of this kind that was found.
    package var described: String {
        switch self {
        case .object: "an object"
        case .array: "an array"
        case .string: "a string"
        case .number: "a number"
        case .bool: "a boolean"
        case .null: "null"
        }
    }
}
