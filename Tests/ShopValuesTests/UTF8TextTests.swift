import ShopValues
import Testing

@Suite struct UTF8TextTests {
    /// A bad byte is found at every offset, in and after the runs of 32 and 8 ASCII bytes the
    /// check skips at once.
    @Test(arguments: [[UInt8(0)], [0xFF], [0xC3], [0xE2, 0x82], [0xED, 0xA0, 0x80]], 0..<70)
    func theFirstBadByteIsFoundWhereverItIs(bad: [UInt8], offset: Int) {
        let bytes = Array(repeating: UInt8(ascii: "a"), count: offset) + bad + Array("é and more text".utf8)
        #expect(UTF8Text.firstInvalidOffset(in: bytes) == offset)
        #expect(
            UTF8Text.firstInvalidOffset(in: Array(repeating: UInt8(ascii: "a"), count: offset) + [0xC3, 0xA9])
                == nil)
    }

    /// A fuzz finding: clean text of exactly 32, 64, … bytes ends after the fast loop, and
    /// nothing is read past it.
    @Test(arguments: [0, 8, 31, 32, 33, 64, 96])
    func cleanTextOfAnyLengthIsClean(count: Int) {
        #expect(UTF8Text.firstInvalidOffset(in: Array(repeating: UInt8(ascii: "a"), count: count)) == nil)
    }
}
