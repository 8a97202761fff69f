import ShopKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads the common case of the `{"services": […]}` shape in one pass over the bytes, straight
/// into item records, for catalogs of a million services.
///
/// It takes the document when it is exactly `{"services": [ … ]}` and every item is an object
/// of `id` (a string or a whole number), `name` or `title`, `price` (a whole number),
/// `description` and `icon` (a string or null) and `isSelected` (a boolean or null), with
/// no escapes in strings. On anything else — another shape, another member, an escape, an
/// error — it gives up and returns nil, and ``CatalogDecoder`` reads the file instead and
/// reports any problem with its path. So this reader never decides what an error says; it
/// only makes the valid common case fast.
///
/// The items can be read in parts from several offsets at once (see ``ParallelCatalogScan``):
/// ``scanItems(stoppingAt:releaseStep:release:shouldGiveUp:)`` reads from an item's start
/// until the array ends or the next part's start. Along the way it notes whether the ids are
/// ASCII and strictly increasing: then they are unique and already sorted, and the catalog
/// needs no index to prove it.
struct FastCatalogScanner {
    private let bytes: UnsafeBufferPointer<UInt8>
    /// The offset of the next byte to read.
    private(set) var position: Int
    /// Recent titles and descriptions, so repeated ones share one string.
    private var texts = TextDeduplicator()

    /// The default distance between calls of `release`: 2 MB, so that a few megabytes of the
    /// file stay resident at a time.
    static let defaultReleaseStep = 2 << 20

    /// A scanner reading `bytes` from `position`.
    init(bytes: UnsafeBufferPointer<UInt8>, position: Int = 0) {
        self.bytes = bytes
        self.position = position
    }

    /// The catalog in `bytes`, read in one pass, or nil when it is not the simple services
    /// shape; `release` is told which byte ranges were read already (to unmap them).
    static func scan(
        _ bytes: UnsafeBufferPointer<UInt8>, source: String, releaseStep: Int = defaultReleaseStep,
        release: (Range<Int>) -> Void = { _ in }
    ) -> Catalog? {
        var scanner = FastCatalogScanner(bytes: bytes)
        guard scanner.scanHeader(),
            let segment = scanner.scanItems(stoppingAt: nil, releaseStep: releaseStep, release: release),
            scanner.scanFooter()
        else { return nil }
        return Catalog(
            items: segment.items, preselected: segment.preselected,
            info: CatalogInfo(source: source, shape: .services), idsAreSortedASCII: segment.idsAreSortedASCII)
    }

    // MARK: Document

    /// Reads an optional byte order mark and `{"services": [`.
    mutating func scanHeader() -> Bool {
        if position == 0, bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { position = 3 }
        guard consume(UInt8(ascii: "{")), let key = scanKey(), matches(key, "services"), consume(UInt8(ascii: ":")),
            consume(UInt8(ascii: "["))
        else { return false }
        skipWhitespace()
        return true
    }

    /// Reads `}` and checks that only white space follows.
    mutating func scanFooter() -> Bool {
        guard consume(UInt8(ascii: "}")) else { return false }
        skipWhitespace()
        return position == bytes.count
    }

    /// Items read from one offset: up to the end of the array, or up to where the next part starts.
    struct Segment: Sendable {
        /// How the part ended.
        enum End: Sendable, Equatable {
            /// At the `]` that closes the services (consumed).
            case arrayEnd
            /// At the start of an item at the offset it was told to stop at.
            case stopped
        }

        var items: [Value] = []
        var preselected: [String] = []
        var idsAreSortedASCII = true
        /// Where the first and the last id are in the bytes.
        var firstID: Range<Int>?
        var lastID: Range<Int>?
        var end = End.arrayEnd
    }

    /// How many items are read before the list's capacity is estimated.
    static let itemsBeforeEstimate = 4096

    /// Reads items from an item's start (or the `]` of an empty list) until the array ends, or
    /// until the next item would start exactly at `stop`; nil on anything unusual, or when
    /// `shouldGiveUp` says so (it is asked every few thousand items).
    ///
    /// After the first few thousand items the list reserves room for the items of the next
    /// `sizingBytes` bytes from the start (by default, up to `stop` or the end), estimated from
    /// the bytes per item so far, so that it does not grow by doubling: that would hold the
    /// old and the new storage at once. Bytes read are handed to `release` as it goes and at
    /// the end.
    mutating func scanItems(
        stoppingAt stop: Int?, sizingBytes: Int? = nil, releaseStep: Int = defaultReleaseStep,
        release: (Range<Int>) -> Void = { _ in }, shouldGiveUp: () -> Bool = { false }
    ) -> Segment? {
        var segment = Segment()
        let start = position
        var released = start
        var nextRelease = start + releaseStep
        defer { if position > released { release(released..<position) } }
        if consume(UInt8(ascii: "]")) { return segment }
        while true {
            skipWhitespace()
            if position == stop {
                segment.end = .stopped
                return segment
            }
            guard let item = scanItem() else { return nil }
            if segment.idsAreSortedASCII {
                segment.idsAreSortedASCII =
                    item.idIsASCII && (segment.lastID.map { Self.precedes($0, item.id, in: bytes) } ?? true)
            }
            if segment.firstID == nil { segment.firstID = item.id }
            segment.lastID = item.id
            segment.items.append(item.record)
            if segment.items.count == Self.itemsBeforeEstimate {
                let bytesPerItem = Double(position - start) / Double(Self.itemsBeforeEstimate)
                let scope = sizingBytes ?? ((stop ?? bytes.count) - start)
                segment.items.reserveCapacity(Int(Double(scope) / bytesPerItem * 1.03) + 16)
            }
            if item.isSelected, let id = Service.id(of: item.record) { segment.preselected.append(id) }
            if position >= nextRelease {
                if shouldGiveUp() { return nil }
                let end = position - releaseStep / 2
                if end > released { release(released..<end) }
                released = max(released, end)
                nextRelease = position + releaseStep
            }
            if consume(UInt8(ascii: ",")) { continue }
            guard consume(UInt8(ascii: "]")) else { return nil }
            return segment
        }
    }

    /// Where an item probably starts at or after `offset`: the `{` of the next `}`, `,`, `{`
    /// (with white space between). A guess — the text could be inside a string — that the
    /// part before must confirm by stopping exactly there.
    static func likelyItemStart(after offset: Int, in bytes: UnsafeBufferPointer<UInt8>, within limit: Int) -> Int? {
        var index = max(0, offset)
        let end = min(bytes.count, index + limit)
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 }
        while index < end {
            guard bytes[index] == UInt8(ascii: "}") else {
                index += 1
                continue
            }
            var next = index + 1
            while next < bytes.count, isSpace(bytes[next]) { next += 1 }
            guard next < bytes.count, bytes[next] == UInt8(ascii: ",") else {
                index += 1
                continue
            }
            next += 1
            while next < bytes.count, isSpace(bytes[next]) { next += 1 }
            if next < bytes.count, bytes[next] == UInt8(ascii: "{") { return next }
            index += 1
        }
        return nil
    }

    /// Whether the id at `lhs` sorts strictly before the id at `rhs`, byte by byte.
    static func precedes(_ lhs: Range<Int>, _ rhs: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let common = min(lhs.count, rhs.count)
        guard common > 0, let base = bytes.baseAddress else { return lhs.count < rhs.count }
        let order = memcmp(base + lhs.lowerBound, base + rhs.lowerBound, common)
        return order < 0 || order == 0 && lhs.count < rhs.count
    }

    // MARK: Items

    /// One item as scanned: its record, where its id is in the bytes, and its selection flag.
    private struct ScannedItem {
        var record: Value
        var id: Range<Int>
        var idIsASCII: Bool
        var isSelected: Bool
    }

    private mutating func scanItem() -> ScannedItem? {
        guard consume(UInt8(ascii: "{")) else { return nil }
        var id: Value?
        var idRange = 0..<0
        var idIsASCII = true
        var name: Value?
        var title: Value?
        var description = Value.null
        var price: Int?
        var icon = Value.null
        var isSelected = false
        // The members read so far, one bit each: a repeated one is left to the decoder's error.
        var seen: UInt8 = 0
        func first(_ member: UInt8) -> Bool {
            defer { seen |= member }
            return seen & member == 0
        }
        if consume(UInt8(ascii: "}")) { return nil }
        while true {
            guard let key = scanKey(), consume(UInt8(ascii: ":")) else { return nil }
            skipWhitespace()
            guard position < bytes.count else { return nil }
            switch key.count {
            case 2 where matches(key, "id") && first(1):
                let start = position
                if bytes[position] == UInt8(ascii: "\"") {
                    guard let string = scanString(), !string.isEmpty else { return nil }
                    idRange = (start + 1)..<(position - 1)
                    idIsASCII = bytes[idRange].allSatisfy { $0 < 0x80 }
                    id = .string(string)
                } else {
                    guard let number = scanWholeNumber(allowNegative: true) else { return nil }
                    idRange = start..<position
                    id = .string(String(number))
                }
            case 4 where matches(key, "name") && first(2):
                guard let string = scanString(deduplicating: true) else { return nil }
                name = .string(string)
            case 5 where matches(key, "title") && first(4):
                guard let string = scanString(deduplicating: true) else { return nil }
                title = .string(string)
            case 5 where matches(key, "price") && first(8):
                guard let number = scanWholeNumber(allowNegative: false) else { return nil }
                price = number
            case 4 where matches(key, "icon") && first(16):
                guard let value = scanStringOrNull() else { return nil }
                icon = value
            case 11 where matches(key, "description") && first(32):
                guard let value = scanStringOrNull() else { return nil }
                description = value
            case 10 where matches(key, "isSelected") && first(64):
                if consumeLiteral("true") {
                    isSelected = true
                } else if consumeLiteral("false") || consumeLiteral("null") {
                    isSelected = false
                } else {
                    return nil
                }
            default:
                return nil
            }
            if consume(UInt8(ascii: ",")) { continue }
            guard consume(UInt8(ascii: "}")) else { return nil }
            break
        }
        guard let id, let shownTitle = name ?? title, let price else { return nil }
        let record = Record(names: Service.fieldNames, values: [id, shownTitle, description, .int(price), icon])
        return ScannedItem(record: .record(record), id: idRange, idIsASCII: idIsASCII, isSelected: isSelected)
    }

    // MARK: Tokens

    /// A member name (the colon after it is left to the caller); nil for anything unusual.
    private mutating func scanKey() -> Slice<UnsafeBufferPointer<UInt8>>? {
        skipWhitespace()
        guard position < bytes.count, bytes[position] == UInt8(ascii: "\""),
            let end = plainStringEnd(from: position + 1)
        else { return nil }
        defer { position = end + 1 }
        return bytes[(position + 1)..<end]
    }

    /// A string without escapes or control characters; nil for anything else. Repeated text
    /// shares one string when `deduplicating`.
    private mutating func scanString(deduplicating: Bool = false) -> String? {
        guard position < bytes.count, bytes[position] == UInt8(ascii: "\""), let base = bytes.baseAddress,
            let end = plainStringEnd(from: position + 1)
        else { return nil }
        let start = position + 1
        position = end + 1
        let text = UnsafeBufferPointer(start: base + start, count: end - start)
        return deduplicating ? texts.string(for: text) : String(decoding: text, as: UTF8.self)
    }

    /// The offset of the quote that ends a string whose text starts at `start`; nil when a
    /// backslash, a control character or the end of the input comes first.
    ///
    /// Eight bytes are checked at a time: a byte is interesting when it is `"`, `\` or below
    /// 0x20, which the classic "has a zero byte" bit trick finds in a 64-bit word.
    private func plainStringEnd(from start: Int) -> Int? {
        guard let base = bytes.baseAddress else { return nil }
        let raw = UnsafeRawPointer(base)
        var index = start
        while index + 8 <= bytes.count {
            let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            if Self.hasSpecialByte(word) { break }
            index += 8
        }
        while index < bytes.count {
            let byte = base[index]
            if byte == UInt8(ascii: "\"") { return index }
            if byte == UInt8(ascii: "\\") || byte < 0x20 { return nil }
            index += 1
        }
        return nil
    }

    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let highs: UInt64 = 0x8080_8080_8080_8080

    /// Whether any byte of `word` is `"`, `\\` or a control character (below 0x20).
    private static func hasSpecialByte(_ word: UInt64) -> Bool {
        let quote = word ^ (ones &* 0x22)
        let backslash = word ^ (ones &* 0x5C)
        // A byte is zero, or below 0x20: (x - n) & ~x & 0x80 per byte.
        let zeroQuote = (quote &- ones) & ~quote
        let zeroBackslash = (backslash &- ones) & ~backslash
        let control = (word &- ones &* 0x20) & ~word
        return (zeroQuote | zeroBackslash | control) & highs != 0
    }

    private mutating func scanStringOrNull() -> Value? {
        if consumeLiteral("null") { return .null }
        return scanString(deduplicating: true).map(Value.string)
    }

    /// A whole number as JSON writes it (no leading zeros, no fraction or exponent) that fits
    /// in 18 digits; nil for anything else.
    private mutating func scanWholeNumber(allowNegative: Bool) -> Int? {
        var index = position
        let negative = allowNegative && index < bytes.count && bytes[index] == UInt8(ascii: "-")
        if negative { index += 1 }
        let digitsStart = index
        var number = 0
        while index < bytes.count, bytes[index] &- UInt8(ascii: "0") < 10 {
            number = number &* 10 &+ Int(bytes[index] &- UInt8(ascii: "0"))
            index += 1
        }
        let digits = index - digitsStart
        guard digits > 0, digits <= 18, digits == 1 || bytes[digitsStart] != UInt8(ascii: "0") else { return nil }
        if index < bytes.count {
            let next = bytes[index]
            guard next != UInt8(ascii: "."), next | 0x20 != UInt8(ascii: "e") else { return nil }
        }
        position = index
        return negative ? -number : number
    }

    private mutating func consumeLiteral(_ literal: StaticString) -> Bool {
        let length = literal.utf8CodeUnitCount
        guard position + length <= bytes.count else { return false }
        let start = literal.utf8Start
        for offset in 0..<length where bytes[position + offset] != start[offset] { return false }
        position += length
        return true
    }

    private func matches(_ key: Slice<UnsafeBufferPointer<UInt8>>, _ name: StaticString) -> Bool {
        guard key.count == name.utf8CodeUnitCount else { return false }
        let start = name.utf8Start
        var offset = 0
        for byte in key {
            if byte != start[offset] { return false }
            offset += 1
        }
        return true
    }

    /// Skips white space, then consumes `byte` if it comes next.
    private mutating func consume(_ byte: UInt8) -> Bool {
        skipWhitespace()
        guard position < bytes.count, bytes[position] == byte else { return false }
        position += 1
        return true
    }

    private mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x0A, 0x0D, 0x09: position += 1
            default: return
            }
        }
    }
}
