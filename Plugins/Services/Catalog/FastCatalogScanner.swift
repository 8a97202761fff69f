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
/// Along the way it notes whether the ids are ASCII and strictly increasing: then they are
/// unique and already sorted, and the catalog needs no index to prove it.
struct FastCatalogScanner {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var position = 0
    /// Called now and then with the offset before which bytes are no longer needed.
    private let release: (Int) -> Void
    /// How far the scan moves between calls of `release`.
    private let releaseStep: Int

    /// The default distance between calls of `release`: 8 MB.
    static let defaultReleaseStep = 8 << 20

    private init(bytes: UnsafeBufferPointer<UInt8>, releaseStep: Int, release: @escaping (Int) -> Void) {
        self.bytes = bytes
        self.releaseStep = releaseStep
        self.release = release
    }

    /// The catalog in `bytes`, or nil when it is not the simple services shape; `release`
    /// is told which bytes were read already (to unmap them).
    static func scan(
        _ bytes: UnsafeBufferPointer<UInt8>, source: String, releaseStep: Int = defaultReleaseStep,
        release: @escaping (Int) -> Void = { _ in }
    ) -> Catalog? {
        var scanner = FastCatalogScanner(bytes: bytes, releaseStep: releaseStep, release: release)
        return scanner.scanDocument(source: source)
    }

    // MARK: Document

    private mutating func scanDocument(source: String) -> Catalog? {
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { position = 3 }
        guard consume(UInt8(ascii: "{")), let key = scanKey(), matches(key, "services"), consume(UInt8(ascii: ":")),
            consume(UInt8(ascii: "["))
        else { return nil }
        var items: [Value] = []
        var preselected: [String] = []
        var sortedASCII = true
        var previousID: Slice<UnsafeBufferPointer<UInt8>>?
        var nextRelease = releaseStep
        if !consume(UInt8(ascii: "]")) {
            while true {
                guard let item = scanItem() else { return nil }
                if sortedASCII {
                    sortedASCII = item.idIsASCII && (previousID.map { Self.precedes($0, item.idBytes) } ?? true)
                    previousID = item.idBytes
                }
                items.append(item.record)
                if item.isSelected, let id = Service.id(of: item.record) { preselected.append(id) }
                if position >= nextRelease {
                    release(position - releaseStep / 2)
                    nextRelease = position + releaseStep
                }
                if consume(UInt8(ascii: ",")) { continue }
                guard consume(UInt8(ascii: "]")) else { return nil }
                break
            }
        }
        guard consume(UInt8(ascii: "}")) else { return nil }
        skipWhitespace()
        guard position == bytes.count else { return nil }
        return Catalog(
            items: items, preselected: preselected, info: CatalogInfo(source: source, shape: .services),
            idsAreSortedASCII: sortedASCII)
    }

    /// Whether `lhs` sorts strictly before `rhs`, byte by byte.
    private static func precedes(
        _ lhs: Slice<UnsafeBufferPointer<UInt8>>, _ rhs: Slice<UnsafeBufferPointer<UInt8>>
    ) -> Bool {
        let common = min(lhs.count, rhs.count)
        guard common > 0, let left = lhs.base.baseAddress, let right = rhs.base.baseAddress else {
            return lhs.count < rhs.count
        }
        let order = memcmp(left + lhs.startIndex, right + rhs.startIndex, common)
        return order < 0 || order == 0 && lhs.count < rhs.count
    }

    // MARK: Items

    /// One item as scanned: its record, its id's bytes in the file, and its selection flag.
    private struct ScannedItem {
        var record: Value
        var idBytes: Slice<UnsafeBufferPointer<UInt8>>
        var idIsASCII: Bool
        var isSelected: Bool
    }

    private mutating func scanItem() -> ScannedItem? {
        guard consume(UInt8(ascii: "{")) else { return nil }
        var id: Value?
        var idBytes = bytes[0..<0]
        var idIsASCII = true
        var name: Value?
        var title: Value?
        var description = Value.null
        var price: Int?
        var icon = Value.null
        var isSelected = false
        if consume(UInt8(ascii: "}")) { return nil }
        while true {
            guard let key = scanKey(), consume(UInt8(ascii: ":")) else { return nil }
            skipWhitespace()
            guard position < bytes.count else { return nil }
            switch key.count {
            case 2 where matches(key, "id"):
                let start = position
                if bytes[position] == UInt8(ascii: "\"") {
                    guard let string = scanString(), !string.isEmpty else { return nil }
                    idBytes = bytes[(start + 1)..<(position - 1)]
                    idIsASCII = idBytes.allSatisfy { $0 < 0x80 }
                    id = .string(string)
                } else {
                    guard let number = scanWholeNumber(allowNegative: true) else { return nil }
                    idBytes = bytes[start..<position]
                    id = .string(String(number))
                }
            case 4 where matches(key, "name"):
                guard let string = scanString() else { return nil }
                name = .string(string)
            case 5 where matches(key, "title"):
                guard let string = scanString() else { return nil }
                title = .string(string)
            case 5 where matches(key, "price"):
                guard let number = scanWholeNumber(allowNegative: false) else { return nil }
                price = number
            case 4 where matches(key, "icon"):
                guard let value = scanStringOrNull() else { return nil }
                icon = value
            case 11 where matches(key, "description"):
                guard let value = scanStringOrNull() else { return nil }
                description = value
            case 10 where matches(key, "isSelected"):
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
        return ScannedItem(record: .record(record), idBytes: idBytes, idIsASCII: idIsASCII, isSelected: isSelected)
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

    /// A string without escapes or control characters; nil for anything else.
    private mutating func scanString() -> String? {
        guard position < bytes.count, bytes[position] == UInt8(ascii: "\""), let base = bytes.baseAddress,
            let end = plainStringEnd(from: position + 1)
        else { return nil }
        let start = position + 1
        position = end + 1
        return String(decoding: UnsafeBufferPointer(start: base + start, count: end - start), as: UTF8.self)
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
        return scanString().map(Value.string)
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
