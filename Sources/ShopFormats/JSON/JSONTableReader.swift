import ShopValues

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads JSON into values fast, making a ``RecordTable`` of each list of objects: what
/// `Value(json:)`, `open`, `from json` and the JSON Lines reader use.
///
/// It takes exactly what ``JSONReader/readValue()`` takes and gives equal values (the fuzz
/// harness compares them); on anything it does not take it stops (``Refusal``) and its caller
/// reads the text again with the plain reader, whose error names the path, line and column.
///
/// A list of objects is read into columns: each key is expected to be the one the previous
/// object had at that place (a comparison of bytes), numbers go to int or double columns with
/// their texts, strings written plainly stay spans of the input, and nested lists and records
/// go to a column of values. A list of fewer than ``minimumTableRows`` objects is an array of
/// records, as is one whose objects have more shapes than a table holds.
///
/// Invariant of the unsafe reads: every byte read is at an offset below the input's count,
/// checked before it; the input lives as long as the reader (its `source`).
struct JSONTableReader {
    /// Why the reader stopped: the plain reader words it.
    struct Refusal: Error {}

    /// The input, kept alive for the spans of string columns.
    let source: [UInt8]
    private let bytes: UnsafeBufferPointer<UInt8>
    private(set) var position: Int
    private var depth = 0

    /// Lists of fewer objects than this are arrays of records.
    static let minimumTableRows = 8

    /// A reader of `source`, whose bytes `bytes` are, from `position`, inside `depth` lists
    /// or objects.
    init(source: [UInt8], bytes: UnsafeBufferPointer<UInt8>, position: Int = 0, depth: Int = 0) {
        self.source = source
        self.bytes = bytes
        self.position = position
        self.depth = depth
    }

    /// The one value of `source` (a byte order mark before it and white space around it allowed).
    static func value(of source: [UInt8]) throws(Refusal) -> Value {
        let outcome: Result<Value, Refusal> = source.withUnsafeBufferPointer { bytes in
            var reader = JSONTableReader(source: source, bytes: bytes)
            if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { reader.position = 3 }
            return Result { () throws(Refusal) in
                let value = try reader.readValue()
                reader.skipWhitespace()
                guard reader.position == bytes.count else { throw Refusal() }
                return value
            }
        }
        return try outcome.get()
    }

    // MARK: Values

    /// Reads any value.
    mutating func readValue() throws(Refusal) -> Value {
        skipWhitespace()
        guard position < bytes.count else { throw Refusal() }
        switch bytes[position] {
        case UInt8(ascii: "\""): return .string(try readString())
        case UInt8(ascii: "{"): return .record(try readRecord())
        case UInt8(ascii: "["): return try readList()
        case UInt8(ascii: "t"):
            try expect("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try expect("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try expect("null")
            return .null
        default:
            let (reading, text) = try readNumber()
            switch reading {
            case .int(let int, true): return .int(int)
            case .double(let double, .canonical): return .double(double)
            case .int(let int, false): return .exact(ExactNumber(.int(int), text: string(text)))
            case .double(let double, _): return .exact(ExactNumber(.double(double), text: string(text)))
            case .integerTooLarge: throw Refusal()
            }
        }
    }

    /// Reads a list: a table when its items are objects, else an array.
    private mutating func readList() throws(Refusal) -> Value {
        try enter()
        defer { depth -= 1 }
        position += 1
        skipWhitespace()
        if consume(UInt8(ascii: "]")) { return .list([]) }
        var items: [Value] = []
        if position < bytes.count, bytes[position] == UInt8(ascii: "{") {
            var rows = RowsBuilder(source: source)
            while true {
                try readRow(into: &rows)
                skipWhitespace()
                if consume(UInt8(ascii: "]")) { return Self.list(of: rows) }
                guard consume(UInt8(ascii: ",")) else { throw Refusal() }
                skipWhitespace()
                guard position < bytes.count, bytes[position] == UInt8(ascii: "{") else { break }
            }
            // An item that is not an object: the rows so far become records, the rest values.
            items = rows.records
        }
        while true {
            items.append(try readValue())
            skipWhitespace()
            if consume(UInt8(ascii: "]")) { return .list(items) }
            guard consume(UInt8(ascii: ",")) else { throw Refusal() }
        }
    }

    /// After ``rowsBeforeReserving`` rows of a part read in `readBytes` bytes, reserves room in
    /// `rows` for as many as the `partBytes` bytes likely hold, so that the columns of a big
    /// part are not copied each time they grow.
    static func reserveForPart(_ rows: inout RowsBuilder, readBytes: Int, partBytes: Int) {
        guard readBytes > 0 else { return }
        let likely = partBytes / readBytes * rowsBeforeReserving
        rows.reserveCapacity(likely + likely / 16)
    }

    /// How many rows of a part are read before room is reserved for the rest.
    static let rowsBeforeReserving = 1_024

    /// The list of the rows read: a table, or records when they are few or of too many shapes.
    static func list(of rows: RowsBuilder) -> Value {
        guard rows.count >= minimumTableRows, let table = rows.table else { return .list(rows.records) }
        return .list(ValueList(table))
    }

    /// Reads an object that is not a row of a table.
    private mutating func readRecord() throws(Refusal) -> Record {
        try enter()
        defer { depth -= 1 }
        position += 1
        var pairs: [(String, Value)] = []
        var keys = SeenKeys()
        skipWhitespace()
        if consume(UInt8(ascii: "}")) { return Record(pairs: []) }
        while true {
            skipWhitespace()
            let key = try readString()
            guard keys.insert(key) else { throw Refusal() }
            skipWhitespace()
            guard consume(UInt8(ascii: ":")) else { throw Refusal() }
            pairs.append((key, try readValue()))
            skipWhitespace()
            if consume(UInt8(ascii: "}")) { return Record(pairs: pairs) }
            guard consume(UInt8(ascii: ",")) else { throw Refusal() }
        }
    }

    /// Reads an object as a row of `rows`.
    mutating func readRow(into rows: inout RowsBuilder) throws(Refusal) {
        try enter()
        defer { depth -= 1 }
        position += 1
        skipWhitespace()
        if consume(UInt8(ascii: "}")) { return rows.endRow() }
        let expected = rows.expectedColumns
        var field = 0
        // While the row has the fields of the row before, in its order, its fields need no
        // noting one by one, and none can repeat.
        var followsExpected = true
        while true {
            skipWhitespace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else { throw Refusal() }
            let expectedColumn = field < expected.count ? expected[field] : nil
            let column = try readKey(expecting: expectedColumn, in: &rows)
            if followsExpected, column != expectedColumn {
                followsExpected = false
                rows.noteExpectedFields(field)
            }
            if !followsExpected { guard !rows.rowHas(column) else { throw Refusal() } }
            skipWhitespace()
            guard consume(UInt8(ascii: ":")) else { throw Refusal() }
            skipWhitespace()
            try readCell(into: &rows, column: column)
            if !followsExpected { rows.noteField(column) }
            field += 1
            skipWhitespace()
            if consume(UInt8(ascii: "}")) {
                if followsExpected {
                    if field == expected.count { return rows.endExpectedRow() }
                    rows.noteExpectedFields(field)
                }
                return rows.endRow()
            }
            guard consume(UInt8(ascii: ",")) else { throw Refusal() }
        }
    }

    /// Reads a member name and gives its column: the `expected` one when the bytes are its
    /// name's, else the one of that name (added when new).
    private mutating func readKey(expecting expected: Int?, in rows: inout RowsBuilder) throws(Refusal) -> Int {
        let start = position + 1
        if let expected, let length = nameLength(of: expected, in: rows, at: start) {
            position = start + length + 1
            return expected
        }
        return rows.column(for: try readString())
    }

    /// How many bytes the name of `column`'s field has when the input at `start` is that name
    /// followed by a quote, else nil.
    private func nameLength(of column: Int, in rows: RowsBuilder, at start: Int) -> Int? {
        let nameStart = column == 0 ? 0 : rows.fieldEnds[column - 1]
        let length = rows.fieldEnds[column] - nameStart
        let end = start + length
        guard end < bytes.count, bytes[end] == UInt8(ascii: "\""), let input = bytes.baseAddress else { return nil }
        let same = rows.fieldBytes.withUnsafeBufferPointer { names in
            names.baseAddress.map { memcmp(input + start, $0 + nameStart, length) == 0 } ?? (length == 0)
        }
        return same ? length : nil
    }

    /// Reads a member's value into its column: scalars straight in, anything else as a value.
    private mutating func readCell(into rows: inout RowsBuilder, column: Int) throws(Refusal) {
        guard position < bytes.count else { throw Refusal() }
        switch bytes[position] {
        case UInt8(ascii: "\""):
            let scanned = try scanString()
            switch scanned {
            case .plain(let range, let isASCII): rows.columns[column].append(sourceRange: range, isASCII: isASCII)
            case .escaped(let string): rows.columns[column].append(.string(string))
            }
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            let (reading, text) = try readNumber()
            switch reading {
            case .int(let int, let canonical):
                let written = canonical ? nil : string(text)
                rows.columns[column].append(int: int, text: written)
            case .double(let double, .canonical): rows.columns[column].append(double: double, text: nil)
            case .double(let double, .fractionDigits(let digits)):
                rows.columns[column].append(double: double, fractionDigits: digits)
            case .double(let double, .other):
                let written = string(text)
                rows.columns[column].append(double: double, text: written)
            case .integerTooLarge: throw Refusal()
            }
        case UInt8(ascii: "t"):
            try expect("true")
            rows.columns[column].append(bool: true)
        case UInt8(ascii: "f"):
            try expect("false")
            rows.columns[column].append(bool: false)
        case UInt8(ascii: "n"):
            try expect("null")
            rows.columns[column].appendNull()
        default:
            let value = try readValue()
            rows.columns[column].append(value)
        }
    }

    // MARK: Scalars

    /// A string as read: a range of the input when it has no escape (and whether its bytes
    /// are ASCII), else its text.
    enum ScannedString {
        case plain(Range<Int>, isASCII: Bool)
        case escaped(String)
    }

    private mutating func readString() throws(Refusal) -> String {
        switch try scanString() {
        case .plain(let range, _): string(range)
        case .escaped(let string): string
        }
    }

    /// Reads past a string (the reader is at its quote).
    private mutating func scanString() throws(Refusal) -> ScannedString {
        guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else { throw Refusal() }
        position += 1
        let start = position
        var plain = JSONReader(bytes: bytes, position: position)
        var isASCII = plain.skipPlainStringBytes()
        position = plain.offset
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                position += 1
                return .plain(start..<position - 1, isASCII: isASCII)
            }
            if byte == UInt8(ascii: "\\") {
                var escaped = JSONReader(bytes: bytes, position: start - 1)
                guard let string = try? escaped.readString() else { throw Refusal() }
                position = escaped.offset
                return .escaped(string)
            }
            if byte < 0x20 { throw Refusal() }
            isASCII = isASCII && byte < 0x80
            position += 1
        }
        throw Refusal()
    }

    /// Reads a number: how it reads, and the range of its text.
    ///
    /// A whole number of at most 18 digits that is not `-0` (nearly every whole number in data)
    /// is read as its digits are found; anything else is found first and then read by
    /// ``NumberSpelling``.
    private mutating func readNumber() throws(Refusal) -> (NumberSpelling.Reading, Range<Int>) {
        let start = position
        let count = bytes.count
        let negative = start < count && bytes[start] == UInt8(ascii: "-")
        let digitsStart = negative ? start + 1 : start
        var index = digitsStart
        var magnitude = 0
        while index < count, index - digitsStart < 18 {
            let digit = bytes[index] &- UInt8(ascii: "0")
            guard digit < 10 else { break }
            magnitude = magnitude &* 10 &+ Int(digit)
            index += 1
        }
        let digits = index - digitsStart
        if digits > 0, digits < 18, digits == 1 || bytes[digitsStart] != UInt8(ascii: "0"),
            !(negative && magnitude == 0), index == count || !Self.continuesNumber(bytes[index])
        {
            position = index
            return (.int(negative ? -magnitude : magnitude, canonical: true), start..<index)
        }
        position = index
        while position < bytes.count, Self.continuesNumber(bytes[position]) { position += 1 }
        guard let reading = NumberSpelling.read(UnsafeBufferPointer(rebasing: bytes[start..<position])) else {
            throw Refusal()
        }
        return (reading, start..<position)
    }

    /// Whether `byte` may be part of a number's text.
    @inline(__always) private static func continuesNumber(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."),
            UInt8(ascii: "e"), UInt8(ascii: "E"):
            true
        default: false
        }
    }

    private func string(_ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }

    private mutating func expect(_ literal: StaticString) throws(Refusal) {
        let length = literal.utf8CodeUnitCount
        guard position + length <= bytes.count else { throw Refusal() }
        let matches = literal.withUTF8Buffer { expected in
            (0..<length).allSatisfy { bytes[position + $0] == expected[$0] }
        }
        guard matches else { throw Refusal() }
        position += length
    }

    private mutating func enter() throws(Refusal) {
        guard depth < JSONReader.maximumDepth else { throw Refusal() }
        depth += 1
    }

    /// Moves past a comma (the reader is at it) and the white space after it.
    mutating func skipComma() {
        position += 1
        skipWhitespace()
    }

    @inline(__always) mutating func skipWhitespace() {
        // Every white space byte is at most a space: anything above it ends the skip at once.
        guard position < bytes.count, bytes[position] <= 0x20 else { return }
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x0A, 0x0D, 0x09: position += 1
            default: return
            }
        }
    }

    @inline(__always) private mutating func consume(_ byte: UInt8) -> Bool {
        guard position < bytes.count, bytes[position] == byte else { return false }
        position += 1
        return true
    }
}
