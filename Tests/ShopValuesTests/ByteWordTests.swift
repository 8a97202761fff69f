import Testing

@testable import ShopValues

/// The word tests and the scan the text scanners share: a byte is found whatever its value
/// and place, and the scan never reads past the end.
@Suite struct ByteWordTests {
    @Test func theMasksFindEveryByteBelowALimitAndEveryEqualByte() {
        for byte in UInt8.min...UInt8.max {
            for place in 0..<8 {
                let word = UInt64(0x6161_6161_6161_6161) & ~(0xFF << (8 * place)) | UInt64(byte) << (8 * place)
                #expect((ByteWord.below(0x20, in: word) != 0) == (byte < 0x20))
                #expect((ByteWord.equal(to: 0xC2, in: word) != 0) == (byte == 0xC2))
            }
        }
    }

    /// In text of every length up to 24, from every start, with one byte it looks for (NUL,
    /// 0xC2 or DEL) anywhere or none: the scan stops at the word holding it, or where fewer
    /// than eight bytes are left.
    @Test func theScanStopsAtTheFirstFlaggedWord() {
        for count in 0...24 {
            for start in 0...count {
                for flagged in [nil] + Array(0..<count) {
                    var bytes = [UInt8](repeating: 0x61, count: count)
                    if let flagged { bytes[flagged] = [0, 0xC2, 0x7F][flagged % 3] }
                    var expected = start
                    while count - expected >= 8, !(flagged.map { (expected..<expected + 8).contains($0) } ?? false) {
                        expected += 8
                    }
                    let found = bytes.withUnsafeBufferPointer { buffer in
                        ByteWord.firstWord(in: buffer, from: start, holdingBelow: 1, orEqualTo: (0xC2, 0x7F))
                    }
                    #expect(found == expected, "count \(count), start \(start), flagged \(String(describing: flagged))")
                }
            }
        }
    }
}
