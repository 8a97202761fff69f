import ShopValues

extension JSONReader {
    /// Moves ``position`` past the bytes of a string that need no second look: to the first
    /// quote, backslash or control character, or to where fewer than eight bytes are left
    /// (the caller's byte loop finds which one it was, and finishes). Answers whether every
    /// byte it passed is below DEL (0x7F).
    ///
    /// Eight bytes at a time, with the classic bit tricks on a 64-bit word: a byte-by-byte
    /// loop made reading a news page's strings a tenth of `news more`. The first special
    /// byte of a word is its lowest flagged one.
    mutating func skipPlainStringBytes() -> Bool {
        guard let base = bytes.baseAddress else { return true }
        let raw = UnsafeRawPointer(base)
        let count = bytes.count
        var at = position
        defer { position = at }
        var high: UInt64 = 0
        while count &- at >= 8 {
            let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: at, as: UInt64.self))
            let special = JSONPlainBytes.specialBytes(in: word)
            guard special == 0 else {
                let passed = special.trailingZeroBitCount / 8
                // The bytes before the special one, which is below DEL itself.
                let mask: UInt64 = passed == 0 ? 0 : ~0 >> (64 - 8 * passed)
                high |= JSONPlainBytes.fromDEL(in: word & mask)
                at &+= passed
                return high == 0
            }
            high |= JSONPlainBytes.fromDEL(in: word)
            at &+= 8
        }
        return high == 0
    }
}
