/// Tests of eight bytes at once for the bytes JSON strings treat specially.
package enum JSONPlainBytes {

    /// Where the bytes of a JSON string that need no second look end, from `start` in
    /// `bytes`: at the first quote, backslash or control character, or where fewer than
    /// eight bytes are left (the caller's byte loop finds which one it was, and finishes); and
    /// whether every byte passed is below DEL (0x7F).
    ///
    /// Eight bytes at a time, with the classic bit tricks on a 64-bit word: a byte-by-byte
    /// loop made reading a news page's strings a tenth of `news more`. The first special
    /// byte of a word is its lowest flagged one. Every word is loaded from inside `bytes`.
    package static func plainRun(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> (end: Int, belowDEL: Bool) {
        guard let base = bytes.baseAddress else { return (start, true) }
        let raw = UnsafeRawPointer(base)
        let count = bytes.count
        var at = start
        var high: UInt64 = 0
        while count &- at >= 8 {
            let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: at, as: UInt64.self))
            let special = specialBytes(in: word)
            guard special == 0 else {
                let passed = special.trailingZeroBitCount / 8
                // The bytes before the special one, which is below DEL itself.
                let mask: UInt64 = passed == 0 ? 0 : ~0 >> (64 - 8 * passed)
                high |= fromDEL(in: word & mask)
                return (at &+ passed, high == 0)
            }
            high |= fromDEL(in: word)
            at &+= 8
        }
        return (at, high == 0)
    }

    /// The high bit of each byte of `word` that may be a quote, a backslash or below 0x20:
    /// zero when none is, and the lowest bit set is always one that is (a borrow only runs
    /// upwards from a byte that matched).
    @inline(__always)
    static func specialBytes(in word: UInt64) -> UInt64 {
        ByteWord.equal(to: 0x22, in: word) | ByteWord.equal(to: 0x5C, in: word) | ByteWord.below(0x20, in: word)
    }

    /// Whether any byte of `word` is a quote, a backslash, below 0x20, DEL or 0xC2 (the lead
    /// byte of the C1 controls): what ``JSONWriter`` escapes.
    @inline(__always)
    static func needsEscape(_ word: UInt64) -> Bool {
        escapeBytes(in: word) != 0
    }

    /// The high bit of each byte of `word` that may be one ``needsEscape(_:)`` looks for,
    /// the lowest set bit always one that is (as ``specialBytes(in:)``).
    @inline(__always)
    static func escapeBytes(in word: UInt64) -> UInt64 {
        specialBytes(in: word) | ByteWord.equal(to: 0x7F, in: word) | ByteWord.equal(to: 0xC2, in: word)
    }

    /// Nonzero when a byte of `word` is DEL (0x7F) or above: its high bit is set in the word
    /// or in the word plus one a byte (a carry out of a byte comes only from 0xFF, which is
    /// flagged itself).
    @inline(__always)
    static func fromDEL(in word: UInt64) -> UInt64 {
        (word | (word &+ ByteWord.ones)) & ByteWord.highBits
    }
}
