import ShopPluginAPI

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
/// It reads bytes in memory, or a large file through a ``ScanWindow`` that moves along it. The
/// items can be read in parts from several offsets at once (see ``ParallelCatalogScan``):
/// ``scanItems(stoppingAt:sizingBytes:shouldGiveUp:)`` reads from an item's start until the
/// array ends or the next part's start. Along the way it notes whether the ids are ASCII and
/// strictly increasing: then they are unique and already sorted, and the catalog needs no
/// index to prove it.
struct FastCatalogScanner {
    /// The bytes in memory, or the window's bytes now.
    private var bytes: UnsafeBufferPointer<UInt8>
    /// Where ``bytes`` start in the input: 0 in memory, the window's offset in a file.
    private var base = 0
    /// The window over a file, moved on when an item runs past its end.
    private let window: ScanWindow?
    /// The index in ``bytes`` of the next byte to read.
    private var index: Int
    /// Recent titles, descriptions and icons, each field apart (its text repeats, or not, in
    /// its own way), so that repeated ones share one string.
    private var titles = TextDeduplicator()
    private var descriptions = TextDeduplicator()
    private var icons = TextDeduplicator()
    /// The field names every record shares (read once, not per item).
    private let fieldNames = Service.fieldNames

    /// A scanner reading `bytes` from `position`.
    init(bytes: UnsafeBufferPointer<UInt8>, position: Int = 0) {
        self.bytes = bytes
        self.window = nil
        self.index = position
    }

    /// A scanner reading a file through `window` from the window's start.
    init(window: ScanWindow) {
        self.bytes = window.bytes
        self.base = window.offset
        self.window = window
        self.index = 0
    }

    /// The offset of the next byte to read in the input.
    var position: Int { base + index }

    /// The catalog in `bytes`, read in one pass, or nil when it is not the simple services shape.
    static func scan(_ bytes: UnsafeBufferPointer<UInt8>, source: String) -> Catalog? {
        var scanner = FastCatalogScanner(bytes: bytes)
        // In memory, nothing is read from a file, so nothing can fail but the shape.
        guard scanner.scanHeader(), let segment = try? scanner.scanItems(stoppingAt: nil),
            (try? scanner.scanFooter()) == true
        else { return nil }
        return Catalog(
            items: ChunkedList.joined([segment.items]), preselected: segment.preselected,
            info: CatalogInfo(source: source, shape: .services), idsAreSortedASCII: segment.idsAreSortedASCII,
            idFingerprints: segment.idsAreASCII && !segment.idsAreSortedASCII
                ? ChunkedList.joined([segment.idFingerprints]) : nil)
    }

    // MARK: Document

    /// Reads an optional byte order mark and `{"services": [`.
    mutating func scanHeader() -> Bool {
        if position == 0, bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { index = 3 }
        guard consume(UInt8(ascii: "{")), consumeName("services"), consume(UInt8(ascii: ":")),
            consume(UInt8(ascii: "["))
        else { return false }
        skipWhitespace()
        return true
    }

    /// Reads `}` and checks that only white space follows.
    mutating func scanFooter() throws(FileReader.Failure) -> Bool {
        try skipWhitespaceToTheEnd()
        guard consume(UInt8(ascii: "}")) else { return false }
        try skipWhitespaceToTheEnd()
        return index == bytes.count
    }

    /// Skips white space, moving the window on while it ends in white space.
    private mutating func skipWhitespaceToTheEnd() throws(FileReader.Failure) {
        skipWhitespace()
        while index == bytes.count, let window, window.canAdvance(keepingFrom: index) {
            try moveWindow(keepingFrom: index)
            skipWhitespace()
        }
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

        var items = ChunkedList<Value>()
        var preselected: [String] = []
        var idsAreSortedASCII = true
        /// Whether every id is ASCII; then, unless they are sorted, ``idFingerprints`` holds
        /// the hash of each.
        var idsAreASCII = true
        var idFingerprints = ChunkedList<UInt64>()

        /// Fingerprints the ids of the items so far: the first time ids turn out not sorted, or
        /// when the parts' ids, each sorted, are not in order together.
        mutating func fingerprintIDs() {
            for item in items {
                guard var id = Service.id(of: item) else { continue }
                idFingerprints.append(id.withUTF8(ByteHash.of))
            }
        }
        /// The bytes of the first and the last id.
        var firstID: [UInt8]?
        var lastID: [UInt8]?
        var end = End.arrayEnd
    }

    /// How many items are read between two calls of `shouldGiveUp` (besides each window move).
    static let itemsBetweenChecks = 4096

    /// Reads items from an item's start (or the `]` of an empty list) until the array ends, or
    /// until the next item would start exactly at the offset `stop`; nil on anything unusual, or
    /// when `shouldGiveUp` says so (it is asked every few thousand items). Throws when the file
    /// under the window cannot be read or changes.
    mutating func scanItems(
        stoppingAt stop: Int?, shouldGiveUp: () -> Bool = { false }
    ) throws(FileReader.Failure) -> Segment? {
        var segment = Segment()
        try skipWhitespaceToTheEnd()
        if consume(UInt8(ascii: "]")) { return segment }
        /// Where the last id is in ``bytes``, while the ids are still in order.
        var lastID: Range<Int>?
        while true {
            let itemStart = index
            skipWhitespace()
            if position == stop {
                segment.end = .stopped
                segment.lastID = lastID.map { Array(bytes[$0]) }
                return segment
            }
            guard let item = scanItem(), let isLast = scanSeparator() else {
                // An item cut off by the end of the window is read again from a window that
                // starts with it (keeping the id before it, to compare).
                let keep = min(itemStart, lastID?.lowerBound ?? itemStart)
                guard let window, window.canAdvance(keepingFrom: keep) else { return nil }
                try moveWindow(keepingFrom: keep)
                lastID = lastID.map { ($0.lowerBound - keep)..<($0.upperBound - keep) }
                index = itemStart - keep
                if shouldGiveUp() { return nil }
                continue
            }
            if segment.idsAreSortedASCII {
                segment.idsAreSortedASCII =
                    item.idIsASCII && (lastID.map { Self.precedes($0, item.id, in: bytes) } ?? true)
                // Sorted ids need no fingerprints; from the first out of order on, they do.
                if !segment.idsAreSortedASCII { segment.fingerprintIDs() }
            }
            if segment.idsAreASCII, !segment.idsAreSortedASCII {
                if item.idIsASCII {
                    segment.idFingerprints.append(ByteHash.of(UnsafeBufferPointer(rebasing: bytes[item.id])))
                } else {
                    segment.idsAreASCII = false
                    segment.idFingerprints = ChunkedList()
                }
            }
            if segment.firstID == nil { segment.firstID = Array(bytes[item.id]) }
            lastID = item.id
            if item.isSelected, let id = Service.id(of: item.record) { segment.preselected.append(id) }
            segment.items.append(item.record)
            if segment.items.count % Self.itemsBetweenChecks == 0, shouldGiveUp() { return nil }
            if isLast {
                segment.lastID = lastID.map { Array(bytes[$0]) }
                return segment
            }
        }
    }

    /// Reads the `,` after an item (false) or the `]` after the last (true); nil for anything else.
    private mutating func scanSeparator() -> Bool? {
        if consume(UInt8(ascii: ",")) { return false }
        if consume(UInt8(ascii: "]")) { return true }
        return nil
    }

    /// Moves the window on to start at `start` in ``bytes``.
    private mutating func moveWindow(keepingFrom start: Int) throws(FileReader.Failure) {
        guard let window else { return }
        try window.advance(keepingFrom: start)
        bytes = window.bytes
        base = window.offset
        index -= start
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

    /// Whether the id `lhs` sorts strictly before the id `rhs`, byte by byte.
    static func precedes(_ lhs: [UInt8], _ rhs: [UInt8]) -> Bool {
        lhs.lexicographicallyPrecedes(rhs)
    }

    /// Whether the id at `lhs` sorts strictly before the id at `rhs`, byte by byte.
    private static func precedes(_ lhs: Range<Int>, _ rhs: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
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

    /// The members an item may have, one bit each, so that a repeated one is noticed.
    private enum Member: UInt8 {
        case id = 1
        case name = 2
        case title = 4
        case price = 8
        case icon = 16
        case description = 32
        case isSelected = 64
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
        var seen: UInt8 = 0
        while true {
            // Anything but the known members, once each, is left to the decoder.
            guard let member = scanMemberName(), seen & member.rawValue == 0, consume(UInt8(ascii: ":")) else {
                return nil
            }
            seen |= member.rawValue
            skipWhitespace()
            guard index < bytes.count else { return nil }
            switch member {
            case .id:
                let start = index
                if bytes[index] == UInt8(ascii: "\"") {
                    guard let string = scanString(), !string.isEmpty else { return nil }
                    idRange = (start + 1)..<(index - 1)
                    idIsASCII = bytes[idRange].allSatisfy { $0 < 0x80 }
                    id = .string(string)
                } else {
                    // -0 is the id "0", written otherwise: the decoder reads it.
                    guard let number = scanWholeNumber(allowNegative: true),
                        number != 0 || bytes[start] != UInt8(ascii: "-")
                    else { return nil }
                    idRange = start..<index
                    id = .string(String(number))
                }
            case .name:
                guard let string = scanString(sharing: .title) else { return nil }
                name = .string(string)
            case .title:
                guard let string = scanString(sharing: .title) else { return nil }
                title = .string(string)
            case .price:
                guard let number = scanWholeNumber(allowNegative: false), Price.range.contains(number) else {
                    return nil
                }
                price = number
            case .icon:
                guard let value = scanStringOrNull(sharing: .icon) else { return nil }
                icon = value
            case .description:
                guard let value = scanStringOrNull(sharing: .description) else { return nil }
                description = value
            case .isSelected:
                if consumeLiteral("true") {
                    isSelected = true
                } else if consumeLiteral("false") || consumeLiteral("null") {
                    isSelected = false
                } else {
                    return nil
                }
            }
            if consume(UInt8(ascii: ",")) { continue }
            guard consume(UInt8(ascii: "}")) else { return nil }
            break
        }
        guard let id, let shownTitle = name ?? title, let price else { return nil }
        var values = Record.Builder(names: fieldNames)
        values.append(consume id)
        values.append(consume shownTitle)
        values.append(consume description)
        values.append(.int(price))
        values.append(consume icon)
        return ScannedItem(record: .record(values.record), id: idRange, idIsASCII: idIsASCII, isSelected: isSelected)
    }

    // MARK: Tokens

    /// The member whose name comes next, after white space (the colon is left to the caller);
    /// nil for any other name, or one written with an escape.
    private mutating func scanMemberName() -> Member? {
        skipWhitespace()
        guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return nil }
        switch bytes[index + 1] {
        case UInt8(ascii: "i"):
            if consumeName("id") { return .id }
            if consumeName("icon") { return .icon }
            if consumeName("isSelected") { return .isSelected }
        case UInt8(ascii: "n"): if consumeName("name") { return .name }
        case UInt8(ascii: "t"): if consumeName("title") { return .title }
        case UInt8(ascii: "p"): if consumeName("price") { return .price }
        case UInt8(ascii: "d"): if consumeName("description") { return .description }
        default: break
        }
        return nil
    }

    /// Consumes `"name"` if it comes next, after white space: exactly these bytes, so a name
    /// written with an escape never matches.
    private mutating func consumeName(_ name: StaticString) -> Bool {
        skipWhitespace()
        let length = name.utf8CodeUnitCount
        guard index + length + 2 <= bytes.count, let base = bytes.baseAddress, base[index] == UInt8(ascii: "\""),
            base[index + length + 1] == UInt8(ascii: "\""), memcmp(base + index + 1, name.utf8Start, length) == 0
        else { return false }
        index += length + 2
        return true
    }

    /// The fields whose repeated text shares one string.
    private enum SharedText {
        case title, description, icon
    }

    /// A string without escapes or control characters; nil for anything else. Text that
    /// repeats in the same `field` shares one string.
    private mutating func scanString(sharing field: SharedText? = nil) -> String? {
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\""), let base = bytes.baseAddress,
            let end = plainStringEnd(from: index + 1)
        else { return nil }
        let start = index + 1
        index = end + 1
        let text = UnsafeBufferPointer(start: base + start, count: end - start)
        switch field {
        case .title: return titles.string(for: text)
        case .description: return descriptions.string(for: text)
        case .icon: return icons.string(for: text)
        case nil: return String(decoding: text, as: UTF8.self)
        }
    }

    /// The index of the quote that ends a string whose text starts at `start`; nil when a
    /// backslash, a control character or the end of the bytes comes first.
    ///
    /// Eight bytes are checked at a time: a byte is interesting when it is `"`, `\` or below
    /// 0x20, which the classic "has a zero byte" bit trick finds in a 64-bit word; the lowest
    /// byte it marks is always a true one, so the first interesting byte is found without a
    /// loop over the word's bytes.
    private func plainStringEnd(from start: Int) -> Int? {
        guard let base = bytes.baseAddress else { return nil }
        let raw = UnsafeRawPointer(base)
        var index = start
        while index + 8 <= bytes.count {
            let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
            let special = Self.specialBytes(word)
            if special != 0 {
                let found = index + special.trailingZeroBitCount >> 3
                return base[found] == UInt8(ascii: "\"") ? found : nil
            }
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

    /// The high bit of each byte of `word` that is `"`, `\\` or a control character (below
    /// 0x20) — and maybe of bytes after the first such byte, never before it.
    private static func specialBytes(_ word: UInt64) -> UInt64 {
        let quote = word ^ (ones &* 0x22)
        let backslash = word ^ (ones &* 0x5C)
        // A byte is zero, or below 0x20: (x - n) & ~x & 0x80 per byte.
        let zeroQuote = (quote &- ones) & ~quote
        let zeroBackslash = (backslash &- ones) & ~backslash
        let control = (word &- ones &* 0x20) & ~word
        return (zeroQuote | zeroBackslash | control) & highs
    }

    private mutating func scanStringOrNull(sharing field: SharedText) -> Value? {
        if consumeLiteral("null") { return .null }
        return scanString(sharing: field).map(Value.string)
    }

    /// A whole number as JSON writes it (no leading zeros, no fraction or exponent) that fits
    /// in 18 digits; nil for anything else.
    private mutating func scanWholeNumber(allowNegative: Bool) -> Int? {
        var cursor = index
        let negative = allowNegative && cursor < bytes.count && bytes[cursor] == UInt8(ascii: "-")
        if negative { cursor += 1 }
        let digitsStart = cursor
        var number = 0
        while cursor < bytes.count, bytes[cursor] &- UInt8(ascii: "0") < 10 {
            number = number &* 10 &+ Int(bytes[cursor] &- UInt8(ascii: "0"))
            cursor += 1
        }
        let digits = cursor - digitsStart
        guard digits > 0, digits <= 18, digits == 1 || bytes[digitsStart] != UInt8(ascii: "0") else { return nil }
        if cursor < bytes.count {
            let next = bytes[cursor]
            guard next != UInt8(ascii: "."), next | 0x20 != UInt8(ascii: "e") else { return nil }
        }
        index = cursor
        return negative ? -number : number
    }

    private mutating func consumeLiteral(_ literal: StaticString) -> Bool {
        let length = literal.utf8CodeUnitCount
        guard index + length <= bytes.count else { return false }
        let start = literal.utf8Start
        for offset in 0..<length where bytes[index + offset] != start[offset] { return false }
        index += length
        return true
    }

    /// Skips white space, then consumes `byte` if it comes next.
    private mutating func consume(_ byte: UInt8) -> Bool {
        skipWhitespace()
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x0A, 0x0D, 0x09: index += 1
            default: return
            }
        }
    }
}
