import ShopValues

extension JSONReader {
    /// Skips the next value checking only its syntax, building nothing: member names are not
    /// compared, so a name that comes twice inside it goes unnoticed until the value itself
    /// is read. For the parts of a document that are read later, if at all (keep ``offset``
    /// before and after to read them then).
    ///
    /// ```swift
    /// let start = reader.offset
    /// try reader.skipValueSyntax()
    /// let later = start..<reader.offset
    /// ```
    public mutating func skipValueSyntax() throws(JSONError) {
        switch try peekKind() {
        case .object: try skipObjectSyntax()
        case .array: try readArray { _, reader throws(JSONError) in try reader.skipValueSyntax() }
        case .string: try skipStringSyntax()
        case .number: _ = try readNumber()
        case .bool: _ = try readBool()
        case .null: _ = try readNullIfPresent()
        }
    }

    /// Moves back to an earlier ``offset`` (outside any container opened since), to read a
    /// value again another way: a fast reading that found a shape it does not take, say.
    public mutating func rewind(to offset: Int) {
        position = max(0, min(offset, position))
    }

    private mutating func skipObjectSyntax() throws(JSONError) {
        try expectContainerStart(UInt8(ascii: "{"), kind: .object)
        defer { depth -= 1 }
        skipWhitespace()
        if consume(UInt8(ascii: "}")) { return }
        while true {
            skipWhitespace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else {
                throw error(.expected("a member name in quotes"))
            }
            try skipStringSyntax()
            skipWhitespace()
            guard consume(UInt8(ascii: ":")) else { throw error(.expected("':' after member name")) }
            try skipValueSyntax()
            skipWhitespace()
            if consume(UInt8(ascii: ",")) { continue }
            if consume(UInt8(ascii: "}")) { return }
            throw error(position < bytes.count ? .expected("',' or '}' in object") : .unexpectedEnd)
        }
    }

    /// Skips a string, its opening quote next, checking its escapes as ``readString()`` does.
    private mutating func skipStringSyntax() throws(JSONError) {
        position += 1
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                position += 1
                return
            }
            if byte < 0x20 { throw error(.controlCharacterInString) }
            position += 1
            guard byte == UInt8(ascii: "\\") else { continue }
            guard position < bytes.count else { break }
            let escape = bytes[position]
            switch escape {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
                UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                position += 1
            case UInt8(ascii: "u"):
                position += 1
                guard position + 4 <= bytes.count,
                    (position..<position + 4).allSatisfy({ bytes[$0].isHexDigit })
                else { throw error(.invalidEscape("\\u")) }
                position += 4
            default:
                throw error(.invalidEscape(describe(escape)))
            }
        }
        throw error(.unterminatedString)
    }
}

extension UInt8 {
    /// `0`–`9`, `a`–`f` or `A`–`F`.
    fileprivate var isHexDigit: Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(self) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(self)
            || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(self)
    }
}
