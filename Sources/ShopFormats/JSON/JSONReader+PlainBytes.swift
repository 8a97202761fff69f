import ShopValues

extension JSONReader {
    /// Moves ``position`` past the bytes of a string that need no second look: to the first
    /// quote, backslash or control character, or to where fewer than eight bytes are left
    /// (the caller's byte loop finds which one it was, and finishes). Answers whether every
    /// byte it passed is below DEL (0x7F).
    ///
    /// Eight bytes at a time (``JSONPlainBytes/plainRun(in:from:)``).
    mutating func skipPlainStringBytes() -> Bool {
        let (end, belowDEL) = JSONPlainBytes.plainRun(in: bytes, from: position)
        position = end
        return belowDEL
    }
}
