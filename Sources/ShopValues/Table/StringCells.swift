/// The strings of a column: for each row a span of bytes, in the text it was read from (a
/// file's bytes, shared by every column read from it) or in bytes of the column's own (cells
/// that had escapes, or strings made elsewhere).
///
/// Invariant: every span lies within its bytes — ``StringCells/Builder`` checks each when it
/// is added — so ``Reader`` reads a cell's bytes without checking again.
struct StringCells: Sendable {
    /// The bytes spans point into first: offsets below its count.
    private(set) var source: [UInt8]
    /// Bytes of the column's own: offsets from `source.count` on.
    private(set) var own: [UInt8]
    /// Per row, the offset (high 40 bits) and length (low 24 bits) of its bytes.
    private(set) var spans: [UInt64]
    private(set) var nulls: NullMask?
    /// Whether every byte of every cell is ASCII: then byte order is string order.
    private(set) var isASCII: Bool

    /// The longest cell a span holds; a longer one makes its column a column of values.
    static let maximumLength = (1 << 24) - 1

    var count: Int { spans.count }

    @inline(__always) func isNull(_ row: Int) -> Bool {
        nulls?.isNull(row) ?? false
    }

    /// The string of row `row`, or nil for null.
    func string(at row: Int) -> String? {
        guard !isNull(row) else { return nil }
        return withReader { String(decoding: $0[row], as: UTF8.self) }
    }

    /// Reads cells by row without copying them.
    ///
    /// Valid only inside ``withReader(_:)``, which keeps the bytes alive.
    struct Reader {
        fileprivate let source: UnsafePointer<UInt8>?
        fileprivate let own: UnsafePointer<UInt8>?
        fileprivate let sourceCount: UInt64
        fileprivate let spans: UnsafeBufferPointer<UInt64>

        /// The bytes of row `row` (empty for null).
        @inline(__always) subscript(row: Int) -> UnsafeBufferPointer<UInt8> {
            let span = spans[row]
            let offset = span &>> 24
            let length = Int(truncatingIfNeeded: span & 0xFF_FFFF)
            if offset < sourceCount {
                return UnsafeBufferPointer(start: source.map { $0 + Int(offset) }, count: length)
            }
            return UnsafeBufferPointer(start: own.map { $0 + Int(offset &- sourceCount) }, count: length)
        }
    }

    /// Calls `body` with a reader of the cells.
    func withReader<Result>(_ body: (Reader) throws -> Result) rethrows -> Result {
        try source.withUnsafeBufferPointer { source in
            try own.withUnsafeBufferPointer { own in
                try spans.withUnsafeBufferPointer { spans in
                    try body(
                        Reader(
                            source: source.baseAddress, own: own.baseAddress, sourceCount: UInt64(source.count),
                            spans: spans))
                }
            }
        }
    }

    /// The cells of the rows `rows` names, in that order, sharing the bytes.
    func gathering(_ rows: some Collection<Int>) -> StringCells {
        var gathered = self
        gathered.spans = rows.map { spans[$0] }
        gathered.nulls = nulls?.gathering(rows)
        return gathered
    }

    /// The cells of parts one after the other. Parts read from the same source share it (their
    /// spans are copied whole, those into their own bytes moved past the parts before); any
    /// other part's bytes are copied into the joined column's own.
    static func joined(_ parts: [StringCells]) -> StringCells {
        guard let first = parts.first else { return Builder(source: []).cells }
        if parts.count == 1 { return first }
        let source = first.source
        let sourceAddress = Builder.address(of: source)
        let sourceCount = UInt64(source.count)
        var joined = StringCells(
            source: source, own: [], spans: [], nulls: NullMask.joined(parts.map { ($0.nulls, $0.count) }),
            isASCII: parts.allSatisfy(\.isASCII))
        joined.spans.reserveCapacity(parts.reduce(0) { $0 + $1.count })
        for part in parts {
            if Builder.address(of: part.source) == sourceAddress {
                let shift = UInt64(joined.own.count) &<< 24
                joined.own.append(contentsOf: part.own)
                if shift == 0 {
                    joined.spans.append(contentsOf: part.spans)
                } else {
                    joined.spans.append(contentsOf: part.spans.lazy.map { $0 &>> 24 >= sourceCount ? $0 &+ shift : $0 })
                }
            } else {
                part.withReader { reader in
                    for row in 0..<part.count {
                        let bytes = reader[row]
                        let offset = UInt64(source.count + joined.own.count)
                        joined.own.append(contentsOf: bytes)
                        joined.spans.append(offset &<< 24 | UInt64(bytes.count))
                    }
                }
            }
        }
        return joined
    }

    /// Makes string cells a row at a time.
    struct Builder: Sendable {
        private(set) var cells: StringCells
        /// Where the source's bytes start, to tell whether a part shares them.
        fileprivate let sourceAddress: Int

        /// A builder whose spans may point into `source`.
        init(source: [UInt8]) {
            cells = StringCells(source: source, own: [], spans: [], nulls: nil, isASCII: true)
            sourceAddress = Self.address(of: source)
        }

        /// Where an array's bytes are, as a number: only ever compared, to tell whether two
        /// arrays share their storage.
        static func address(of bytes: [UInt8]) -> Int {
            bytes.withUnsafeBufferPointer { Int(bitPattern: $0.baseAddress) }
        }

        /// Reserves room for `count` rows.
        mutating func reserveCapacity(_ count: Int) {
            cells.spans.reserveCapacity(count)
        }

        /// The source's bytes in `range`, as a string.
        func sourceString(_ range: Range<Int>) -> String {
            cells.source.withUnsafeBufferPointer { String(decoding: $0[range], as: UTF8.self) }
        }

        /// Adds a cell whose bytes are `range` of the source; `isASCII` says whether they all
        /// are ASCII. False when the cell is too long for a span.
        @discardableResult
        mutating func append(sourceRange range: Range<Int>, isASCII: Bool) -> Bool {
            precondition(range.lowerBound >= 0 && range.upperBound <= cells.source.count, "a span outside the source")
            guard range.count <= StringCells.maximumLength else { return false }
            appendSpan(UInt64(range.lowerBound) &<< 24 | UInt64(range.count), isASCII: isASCII)
            return true
        }

        /// Adds a cell of `bytes`, copied into the column's own bytes. False when the cell is too
        /// long for a span.
        @discardableResult
        mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
            guard bytes.count <= StringCells.maximumLength else { return false }
            let offset = cells.source.count + cells.own.count
            cells.own.append(contentsOf: bytes)
            appendSpan(UInt64(offset) &<< 24 | UInt64(bytes.count), isASCII: bytes.allSatisfy { $0 < 0x80 })
            return true
        }

        /// Adds a cell holding `string`.
        @discardableResult
        mutating func append(_ string: String) -> Bool {
            var string = string
            return string.withUTF8 { append($0) }
        }

        /// Adds a null row.
        mutating func appendNull() {
            if cells.nulls == nil { cells.nulls = NullMask(count: cells.spans.count) }
            cells.spans.append(0)
            cells.nulls?.append(isNull: true)
        }

        fileprivate mutating func appendSpan(_ span: UInt64, isASCII: Bool) {
            cells.spans.append(span)
            cells.nulls?.append(isNull: false)
            cells.isASCII = cells.isASCII && isASCII
        }
    }
}
