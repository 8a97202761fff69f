/// Tests of eight bytes at once on a 64-bit word, the classic bit tricks the text scanners of
/// this module share, and a scan that loads the words for scanners elsewhere.
///
/// A mask has the high bit of each byte that may match set: it is zero exactly when no byte
/// matches, and its lowest set bit is always one that does (a borrow only runs upwards from a
/// byte that matched).
package enum ByteWord {
    static let ones: UInt64 = 0x0101_0101_0101_0101
    static let highBits: UInt64 = 0x8080_8080_8080_8080

    /// The mask of the bytes of `word` below `limit` (a limit up to 0x80).
    @inline(__always)
    static func below(_ limit: UInt8, in word: UInt64) -> UInt64 {
        (word &- ones &* UInt64(limit)) & ~word & highBits
    }

    /// The mask of the bytes of `word` equal to `byte`.
    @inline(__always)
    static func equal(to byte: UInt8, in word: UInt64) -> UInt64 {
        below(1, in: word ^ (ones &* UInt64(byte)))
    }

    /// Where the first eight bytes of `bytes` from `start` on that hold a byte below `limit`
    /// (up to 0x80) or equal to one of `others` start, or where fewer than eight bytes are
    /// left. Every word is loaded from inside `bytes`.
    package static func firstWord(
        in bytes: UnsafeBufferPointer<UInt8>, from start: Int, holdingBelow limit: UInt8,
        orEqualTo others: (UInt8, UInt8)
    ) -> Int {
        guard let base = bytes.baseAddress else { return start }
        let raw = UnsafeRawPointer(base)
        var at = start
        while bytes.count &- at >= 8 {
            let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: at, as: UInt64.self))
            if below(limit, in: word) | equal(to: others.0, in: word) | equal(to: others.1, in: word) != 0 {
                return at
            }
            at &+= 8
        }
        return at
    }
}
