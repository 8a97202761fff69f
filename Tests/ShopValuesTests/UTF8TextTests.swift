import ShopValues
import Testing

@Suite struct UTF8TextTests {
    /// A bad byte is found at every offset, in and after the eight-byte runs of ASCII the
    /// check skips at once.
    @Test(arguments: [[UInt8(0)], [0xFF], [0xC3], [0xE2, 0x82], [0xED, 0xA0, 0x80]], 0..<20)
    func theFirstBadByteIsFoundWhereverItIs(bad: [UInt8], offset: Int) {
        let bytes = Array(repeating: UInt8(ascii: "a"), count: offset) + bad + Array("é and more text".utf8)
        #expect(UTF8Text.firstInvalidOffset(in: bytes) == offset)
        #expect(
            UTF8Text.firstInvalidOffset(in: Array(repeating: UInt8(ascii: "a"), count: offset) + [0xC3, 0xA9])
                == nil)
    }
}
