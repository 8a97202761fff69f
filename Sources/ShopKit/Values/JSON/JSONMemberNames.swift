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
    let bytes: [[UInt8]]

    /// The names, in the order their indexes are given; at most ``limit``, each once.
    public init(_ names: [String]) {
        precondition(names.count <= Self.limit && Set(names).count == names.count, "at most 64 different names")
        self.names = names
        bytes = names.map { Array($0.utf8) }
    }

    /// The index of the name spelled by `raw` (a name without escapes), or nil.
    func index(of raw: UnsafeBufferPointer<UInt8>) -> Int? {
        // Compared by index: `elementsEqual` took 200 instructions a name.
        for (index, name) in bytes.enumerated() where name.count == raw.count {
            var same = true
            name.withUnsafeBufferPointer { name in
                for offset in 0..<raw.count where name[offset] != raw[offset] {
                    same = false
                    break
                }
            }
            if same { return index }
        }
        return nil
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
        while true {
            skipWhitespace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else {
                throw error(.expected("a member name in quotes"))
            }
            let keyOffset = position
            var index: Int?
            var other: String?
            let name = plainName(in: names)
            if case .known(let known) = name {
                index = known
            } else {
                let key = try readString()
                // An escaped name may still spell one of the names; a plain one was looked for.
                if case .escaped = name { index = names.names.firstIndex(of: key) }
                if index == nil {
                    guard others.insert(key) else { throw error(.duplicateKey(key), at: keyOffset) }
                    other = key
                }
            }
            if let index {
                guard seen & (1 << UInt64(index)) == 0 else {
                    throw error(.duplicateKey(names.names[index]), at: keyOffset)
                }
                seen |= 1 << UInt64(index)
            }
            skipWhitespace()
            guard consume(UInt8(ascii: ":")) else { throw error(.expected("':' after member name")) }
            do {
                try body(index, &self)
            } catch {
                throw error.inside(.key(index.map { names.names[$0] } ?? other ?? ""))
            }
            skipWhitespace()
            if consume(UInt8(ascii: ",")) { continue }
            if consume(UInt8(ascii: "}")) { return }
            throw error(position < bytes.count ? .expected("',' or '}' in object") : .unexpectedEnd)
        }
    }

    /// Which of `names` the member name next is (its opening quote at ``offset``), read past
    /// it when it is one; otherwise the reader stays at the quote.
    private mutating func plainName(in names: JSONMemberNames) -> PlainName {
        let quote = position
        position += 1
        skipPlainStringBytes()
        var end = position
        position = quote
        while end < bytes.count {
            let byte = bytes[end]
            if byte == UInt8(ascii: "\"") { break }
            if byte == UInt8(ascii: "\\") || byte < 0x20 { return .escaped }
            end += 1
        }
        guard end < bytes.count else { return .escaped }
        guard let index = names.index(of: UnsafeBufferPointer(rebasing: bytes[(quote + 1)..<end])) else {
            return .unknown
        }
        position = end + 1
        return .known(index)
    }

    /// What ``plainName(in:)`` found.
    private enum PlainName {
        /// One of the names, by index.
        case known(Int)
        /// A name without escapes that is none of them.
        case unknown
        /// A name with escapes or control characters (or not terminated): read it as a string.
        case escaped
    }
}
