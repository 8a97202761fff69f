extension JSONReader {
    /// Moves ``position`` past the bytes of a string that need no second look: up to the
    /// first quote, backslash or control character, or to where fewer than eight bytes are
    /// left (the caller's byte loop finds which one it was, and finishes).
    ///
    /// Eight bytes at a time, with the classic bit tricks on a 64-bit word: a byte-by-byte
    /// loop made reading a news page's strings a tenth of `news more`.
    mutating func skipPlainStringBytes() {
        guard let base = bytes.baseAddress else { return }
        let raw = UnsafeRawPointer(base)
        while bytes.count - position >= 8 {
            let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: position, as: UInt64.self))
            guard !JSONPlainBytes.hasSpecialByte(word) else { return }
            position += 8
        }
    }
}

/// Tests of eight bytes at once for the bytes JSON strings treat specially.
enum JSONPlainBytes {
    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let highBits: UInt64 = 0x8080_8080_8080_8080

    /// Whether any byte of `word` is a quote, a backslash or below 0x20.
    @inline(__always)
    static func hasSpecialByte(_ word: UInt64) -> Bool {
        hasByte(0x22, in: word) || hasByte(0x5C, in: word) || hasByteBelow(0x20, in: word)
    }

    /// Whether any byte of `word` is a quote, a backslash, below 0x20, DEL or 0xC2 (the lead
    /// byte of the C1 controls): what ``JSONWriter`` escapes.
    @inline(__always)
    static func needsEscape(_ word: UInt64) -> Bool {
        hasSpecialByte(word) || hasByte(0x7F, in: word) || hasByte(0xC2, in: word)
    }

    /// Whether a byte of `word` equals `byte` (exact: a zero byte of the xor).
    @inline(__always)
    private static func hasByte(_ byte: UInt8, in word: UInt64) -> Bool {
        hasByteBelow(1, in: word ^ (ones &* UInt64(byte)))
    }

    /// Whether a byte of `word` is below `limit` (exact for a limit up to 0x80).
    @inline(__always)
    private static func hasByteBelow(_ limit: UInt8, in word: UInt64) -> Bool {
        (word &- ones &* UInt64(limit)) & ~word & highBits != 0
    }
}
