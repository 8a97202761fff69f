import ShopValues

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Cuts CSV bytes into cells, fast: the table reader's tokenizer.
///
/// It only finds cells and says whether the text is well formed; ``CSVScanner`` words the
/// errors. Invariant: every read is at an offset below ``end``, checked before it (a read of
/// eight bytes at once only when all eight are), and the bytes stay alive while the tokenizer
/// is used (it is made inside `withUnsafeBufferPointer`).
struct CSVTokenizer {
    private let base: UnsafePointer<UInt8>
    /// The offset past the last byte.
    let end: Int
    private let separator: UInt8

    private static let quote = UInt8(ascii: "\"")
    private static let newline = UInt8(ascii: "\n")
    private static let carriageReturn = UInt8(ascii: "\r")

    /// The separator in each of a word's eight bytes, to find it eight bytes at a time.
    private let separators: UInt64

    private static let lowBits: UInt64 = 0x0101_0101_0101_0101
    private static let highBits: UInt64 = 0x8080_8080_8080_8080
    private static let newlines = lowBits &* UInt64(newline)
    private static let carriageReturns = lowBits &* UInt64(carriageReturn)

    /// A tokenizer of `bytes`, which must not be empty.
    init(_ bytes: UnsafeBufferPointer<UInt8>, separator: UInt8) {
        base = bytes.baseAddress.unsafelyUnwrapped
        end = bytes.count
        self.separator = separator
        separators = Self.lowBits &* UInt64(separator)
    }

    /// A cell: the range of its text (inside the quotes of a quoted cell) and how it was written.
    struct Cell {
        var start: Int
        var end: Int
        var isQuoted: Bool
        /// Whether a quoted cell holds `""`, which stands for one quote.
        var hasDoubledQuotes: Bool
    }

    /// The byte at `offset`, which must be below ``end``.
    @inline(__always) subscript(offset: Int) -> UInt8 {
        base[offset]
    }

    /// Reads the cell that starts at `position` and moves `position` just past it (to a
    /// separator, a line break or the end); nil for a quoted cell that never closes or has
    /// text after its closing quote.
    @inline(__always) func cell(at position: inout Int) -> Cell? {
        if position < end, base[position] == Self.quote { return quotedCell(at: &position) }
        let start = position
        var index = position
        let raw = UnsafeRawPointer(base)
        while index + 8 <= end {
            let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
            let stops =
                Self.zeroBytes(word ^ separators) | Self.zeroBytes(word ^ Self.newlines)
                | Self.zeroBytes(word ^ Self.carriageReturns)
            if stops != 0 {
                position = index + stops.trailingZeroBitCount >> 3
                return Cell(start: start, end: position, isQuoted: false, hasDoubledQuotes: false)
            }
            index += 8
        }
        while index < end {
            let byte = base[index]
            if byte == separator || byte == Self.newline || byte == Self.carriageReturn { break }
            index += 1
        }
        position = index
        return Cell(start: start, end: index, isQuoted: false, hasDoubledQuotes: false)
    }

    /// The high bit of each byte of `word` that is zero, exact up to the first such byte (a
    /// byte above it may be marked too), which is all a search for the first one needs.
    @inline(__always) private static func zeroBytes(_ word: UInt64) -> UInt64 {
        (word &- lowBits) & ~word & highBits
    }

    private func quotedCell(at position: inout Int) -> Cell? {
        let start = position + 1
        var index = start
        var doubled = false
        while true {
            guard index < end, let found = memchr(base + index, Int32(Self.quote), end - index) else { return nil }
            index = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            if index + 1 < end, base[index + 1] == Self.quote {
                doubled = true
                index += 2
                continue
            }
            break
        }
        let cellEnd = index
        index += 1
        if index < end {
            let next = base[index]
            guard next == separator || next == Self.newline || next == Self.carriageReturn else { return nil }
        }
        position = index
        return Cell(start: start, end: cellEnd, isQuoted: true, hasDoubledQuotes: doubled)
    }

    /// After a cell: when a separator follows, moves past it and says true (another cell of the
    /// row comes); at a line break or the end, says false and stays.
    @inline(__always) func nextCell(_ position: inout Int) -> Bool {
        guard position < end, base[position] == separator else { return false }
        position += 1
        return true
    }

    /// Moves past line breaks (ending a row, and blank lines) to the next row's start or the end.
    @inline(__always) func skipLineBreaks(_ position: inout Int) {
        while position < end, base[position] == Self.newline || base[position] == Self.carriageReturn {
            position += 1
        }
    }

    /// The bytes of `cell`, as written (a quoted cell's `""` not resolved).
    @inline(__always) func bytes(of cell: Cell) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: base + cell.start, count: cell.end - cell.start)
    }

    /// The text of a quoted cell with its `""` resolved to `"`.
    func unescaped(_ cell: Cell) -> [UInt8] {
        var text: [UInt8] = []
        text.reserveCapacity(cell.end - cell.start)
        var index = cell.start
        while index < cell.end {
            text.append(base[index])
            index += base[index] == Self.quote ? 2 : 1
        }
        return text
    }

    /// Whether every byte of `cell` is ASCII, eight at a time.
    @inline(__always) func isASCII(_ cell: Cell) -> Bool {
        var index = cell.start
        let raw = UnsafeRawPointer(base)
        while index + 8 <= cell.end {
            if raw.loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080 != 0 { return false }
            index += 8
        }
        while index < cell.end {
            if base[index] >= 0x80 { return false }
            index += 1
        }
        return true
    }

    /// The first row start at or after `offset` outside quotes, when the quotes before
    /// `offset` are `quotesBefore`: after the first line break at an even count of quotes.
    /// A guess: a quote inside an unquoted cell fools it, so the reader confirms it.
    func likelyRowStart(after offset: Int, quotesBefore: Int) -> Int? {
        var quotes = quotesBefore
        var index = offset
        while index < end {
            let byte = base[index]
            if byte == Self.quote {
                quotes += 1
            } else if quotes & 1 == 0, byte == Self.newline || byte == Self.carriageReturn {
                skipLineBreaks(&index)
                return index < end ? index : nil
            }
            index += 1
        }
        return nil
    }

    /// How many quotes `range` holds.
    func quotes(in range: Range<Int>) -> Int {
        var count = 0
        var index = range.lowerBound
        while index < range.upperBound,
            let found = memchr(base + index, Int32(Self.quote), range.upperBound - index)
        {
            count += 1
            index = base.distance(to: found.assumingMemoryBound(to: UInt8.self)) + 1
        }
        return count
    }
}
