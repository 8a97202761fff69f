/// Tests of eight bytes at once for the bytes JSON strings treat specially.
package enum JSONPlainBytes {
    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let highBits: UInt64 = 0x8080_8080_8080_8080

    /// The high bit of each byte of `word` that may be a quote, a backslash or below 0x20:
    /// zero when none is, and the lowest bit set is always one that is (a borrow only runs
    /// upwards from a byte that matched).
    @inline(__always)
    package static func specialBytes(in word: UInt64) -> UInt64 {
        byteMask(0x22, in: word) | byteMask(0x5C, in: word) | belowMask(0x20, in: word)
    }

    /// Whether any byte of `word` is a quote, a backslash, below 0x20, DEL or 0xC2 (the lead
    /// byte of the C1 controls): what ``JSONWriter`` escapes.
    @inline(__always)
    package static func needsEscape(_ word: UInt64) -> Bool {
        escapeBytes(in: word) != 0
    }

    /// The high bit of each byte of `word` that may be one ``needsEscape(_:)`` looks for,
    /// the lowest set bit always one that is (as ``specialBytes(in:)``).
    @inline(__always)
    package static func escapeBytes(in word: UInt64) -> UInt64 {
        specialBytes(in: word) | byteMask(0x7F, in: word) | byteMask(0xC2, in: word)
    }

    /// Nonzero when a byte of `word` is DEL (0x7F) or above: its high bit is set in the word
    /// or in the word plus one a byte (a carry out of a byte comes only from 0xFF, which is
    /// flagged itself).
    @inline(__always)
    package static func fromDEL(in word: UInt64) -> UInt64 {
        (word | (word &+ ones)) & highBits
    }

    /// The high bits of ``belowMask(_:in:)`` for the bytes of `word` equal to `byte`.
    @inline(__always)
    private static func byteMask(_ byte: UInt8, in word: UInt64) -> UInt64 {
        belowMask(1, in: word ^ (ones &* UInt64(byte)))
    }

    /// A high bit for each byte of `word` below `limit` (for a limit up to 0x80), and maybe
    /// for bytes above one that is: nonzero exactly when one is.
    @inline(__always)
    private static func belowMask(_ limit: UInt8, in word: UInt64) -> UInt64 {
        (word &- ones &* UInt64(limit)) & ~word & highBits
    }
}
