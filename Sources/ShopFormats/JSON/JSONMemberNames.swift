import ShopValues

/// The member names a decoder looks for in an object, kept as bytes, so that
/// ``JSONReader/readObject(_:_:)`` matches each member's name without
/// making a string of it.
///
/// ```swift
/// static let itemNames = JSONMemberNames(["id", "title"])
/// try reader.readObject(Self.itemNames) { index, reader in
///     switch index {
///     case 0: id = try reader.readInt()
///     case 1: title = try reader.readString()
///     default: try reader.skipValueSyntax()   // a name not among them
///     }
/// }
/// ```
public struct JSONMemberNames: Sendable {
    /// At most this many names: the reader keeps which it has seen in one word.
    public static let limit = 64

    let names: [String]
    /// How each name is spelled in JSON, for ``index(spelledAt:in:from:)``.
    private let spellings: [Spelling]

    /// The names, in the order their indexes are given; at most ``limit``, each once.
    public init(_ names: [String]) {
        precondition(names.count <= Self.limit && Set(names).count == names.count, "at most 64 different names")
        self.names = names
        spellings = names.map { Spelling(Array($0.utf8)) }
    }

    /// The number of bytes of the name at `index`.
    func length(of index: Int) -> Int {
        spellings[index].length
    }

    /// How many bytes the name at `index` takes written as a member's start with nothing
    /// between its parts, `"name":`, when that is what `input` holds at `start`; nil when it is
    /// not (or the name is too long to be checked so: then ``index(spelledAt:in:from:)`` finds
    /// it). Two words compared, as the reader most often finds the name it expects next.
    @inline(__always)
    func memberStartLength(of index: Int, at start: Int, in input: UnsafeBufferPointer<UInt8>) -> Int? {
        guard index < spellings.count, input.count - start >= 16, let base = input.baseAddress else { return nil }
        return spellings.withUnsafeBufferPointer { spellings in
            let token = spellings[index].token
            guard token.length > 0 else { return nil }
            let raw = UnsafeRawPointer(base + start)
            let low = UInt64(littleEndian: raw.loadUnaligned(as: UInt64.self))
            let high = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
            return low & token.lowMask == token.low && high & token.highMask == token.high ? token.length : nil
        }
    }

    /// The index of the name whose bytes start at `start` of `input`, its closing quote right
    /// after them, or nil. Tries `hint` first, then the names after it, in a circle: members
    /// mostly come in the same order in every object, so the first try is usually the one.
    /// A name's first sixteen bytes are compared as two words.
    func index(spelledAt start: Int, in input: UnsafeBufferPointer<UInt8>, from hint: Int) -> Int? {
        let available = input.count - start
        var (low, high): (UInt64, UInt64) = (0, 0)
        if available >= 16, let base = input.baseAddress {
            low = UInt64(littleEndian: UnsafeRawPointer(base + start).loadUnaligned(as: UInt64.self))
            high = UInt64(littleEndian: UnsafeRawPointer(base + start + 8).loadUnaligned(as: UInt64.self))
        } else {
            for offset in 0..<max(0, available) {
                let byte = UInt64(input[start + offset])
                if offset < 8 { low |= byte << (8 * offset) } else if offset < 16 { high |= byte << (8 * (offset - 8)) }
            }
        }
        return spellings.withUnsafeBufferPointer { spellings in
            var index = hint
            for _ in 0..<spellings.count {
                let spelling = spellings[index]
                if spelling.length < available, input[start + spelling.length] == UInt8(ascii: "\""),
                    spelling.matches(low, high, restAt: start + 16, in: input)
                {
                    return index
                }
                index = index + 1 == spellings.count ? 0 : index + 1
            }
            return nil
        }
    }

    /// A name as its own bytes in JSON: the first sixteen as two words (zeros past its end) with
    /// the masks of its bytes in them, and the rest.
    private struct Spelling: Sendable {
        let length: Int
        let low, lowMask, high, highMask: UInt64
        let rest: [UInt8]
        /// False for a name JSON writes otherwise (a quote, backslash or control in it): it
        /// never matches.
        let plain: Bool
        /// `"name":` as two words, for ``JSONMemberNames/memberStartLength(of:at:in:)``; its
        /// length 0 when it does not fit in them or the name is not plain.
        let token: Token

        struct Token: Sendable {
            let length: Int
            let low, lowMask, high, highMask: UInt64
        }

        init(_ bytes: [UInt8]) {
            length = bytes.count
            (low, lowMask) = Self.word(bytes.prefix(8))
            (high, highMask) = Self.word(bytes.dropFirst(8).prefix(8))
            rest = Array(bytes.dropFirst(16))
            plain = bytes.allSatisfy { $0 >= 0x20 && $0 != 0x22 && $0 != 0x5C }
            let written = [0x22] + bytes + [0x22, 0x3A]
            let (tokenLow, tokenLowMask) = Self.word(written.prefix(8))
            let (tokenHigh, tokenHighMask) = Self.word(written.dropFirst(8).prefix(8))
            token = Token(
                length: plain && written.count <= 16 ? written.count : 0, low: tokenLow, lowMask: tokenLowMask,
                high: tokenHigh, highMask: tokenHighMask)
        }

        /// Up to eight bytes as a little-endian word, and the mask of the bytes they fill.
        private static func word(_ part: ArraySlice<UInt8>) -> (word: UInt64, mask: UInt64) {
            var (word, mask): (UInt64, UInt64) = (0, 0)
            for (offset, byte) in part.enumerated() {
                word |= UInt64(byte) << (8 * offset)
                mask |= 0xFF << (8 * offset)
            }
            return (word, mask)
        }

        /// Whether the input's first sixteen bytes, `low` and `high`, and its bytes from
        /// `restStart` on spell this name.
        func matches(_ low: UInt64, _ high: UInt64, restAt restStart: Int, in input: UnsafeBufferPointer<UInt8>)
            -> Bool
        {
            plain && low & lowMask == self.low && high & highMask == self.high
                && rest.indices.allSatisfy { input[restStart + $0] == rest[$0] }
        }
    }
}

extension JSONReader {
    /// Reads an object as ``readObject(_:)`` does, calling `body` with the index in
    /// `names` of each member's name, or nil for a name not among them (`body` must still
    /// read or skip its value). A name that comes twice is an error as there.
    public mutating func readObject(
        _ names: JSONMemberNames, _ body: (Int?, inout JSONReader) throws(JSONError) -> Void
    ) throws(JSONError) {
        try expectContainerStart(UInt8(ascii: "{"), kind: .object)
        defer { depth -= 1 }
        skipWhitespace()
        if consume(UInt8(ascii: "}")) { return }
        var seen: UInt64 = 0
        var others = SeenKeys()
        var hint = 0
        while true {
            skipWhitespace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else {
                throw error(.expected("a member name in quotes"))
            }
            let keyOffset = position
            var index: Int?
            var other: String?
            // The name expected next, its colon right after it: the member's start in one look.
            var colonRead = false
            if let length = names.memberStartLength(of: hint, at: position, in: bytes) {
                index = hint
                position += length
                colonRead = true
            } else if let known = names.index(spelledAt: position + 1, in: bytes, from: hint) {
                index = known
                position += names.length(of: known) + 2
            } else {
                // Not one of the names as it is spelled: an unknown name, or one with escapes,
                // which may still spell one of them (read in one pass, not a scan for escapes
                // first and then the read).
                let scanned = try scanString()
                let key = string(of: scanned)
                if case .escaped = scanned.form { index = names.names.firstIndex(where: key.hasSameUTF8(as:)) }
                if index == nil {
                    guard others.insert(key) else { throw error(.duplicateKey(key), at: keyOffset) }
                    other = key
                }
            }
            if let index {
                hint = index + 1 == names.names.count ? 0 : index + 1
                guard seen & (1 << UInt64(index)) == 0 else {
                    throw error(.duplicateKey(names.names[index]), at: keyOffset)
                }
                seen |= 1 << UInt64(index)
            }
            if !colonRead {
                skipWhitespace()
                guard consume(UInt8(ascii: ":")) else { throw error(.expected("':' after member name")) }
            }
            do {
                try body(index, &self)
            } catch {
                throw error.inside(.key(index.map { names.names[$0] } ?? other ?? ""))
            }
            // Most often the comma comes right after the value.
            if consume(UInt8(ascii: ",")) { continue }
            skipWhitespace()
            if consume(UInt8(ascii: ",")) { continue }
            if consume(UInt8(ascii: "}")) { return }
            throw error(position < bytes.count ? .expected("',' or '}' in object") : .unexpectedEnd)
        }
    }
}
