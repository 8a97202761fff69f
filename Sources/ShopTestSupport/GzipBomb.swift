/// A small gzip stream that inflates to many zero bytes, for tests that a client never
/// inflates what it did not ask to be compressed.
///
/// One deflate block with the fixed Huffman codes: a literal zero, then copies of 258
/// bytes at distance 1 (13 bits each), then the end of the block; the gzip trailer holds
/// the CRC-32 and length of the inflated bytes, so a decoder accepts it.
enum GzipBomb {
    /// About `compressedBytes` bytes of gzip.
    static func make(compressedBytes: Int) -> [UInt8] {
        let copies = max(1, (compressedBytes - 18) * 8 / 13)
        var bits = BitWriter()
        bits.write(1, count: 1)  // BFINAL
        bits.write(1, count: 2)  // BTYPE 01: fixed Huffman codes
        bits.writeCode(0b0011_0000, count: 8)  // literal 0
        for _ in 0..<copies {
            bits.writeCode(0b1100_0101, count: 8)  // length code 285: 258 bytes
            bits.writeCode(0, count: 5)  // distance code 0: distance 1
        }
        bits.writeCode(0, count: 7)  // end of block (256)
        let inflated = 1 + copies * 258
        var out: [UInt8] = [0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 0, 0xFF]
        out += bits.finished
        out += littleEndian(zeroCRC(count: inflated))
        out += littleEndian(UInt32(truncatingIfNeeded: inflated))
        return out
    }

    /// CRC-32 of `count` zero bytes, in steps of the logarithm of `count` rather than one per
    /// byte: feeding a zero byte is a linear map of the CRC register, applied by repeated
    /// squaring (as zlib's `crc32_combine` does). A bomb inflates to millions of bytes.
    private static func zeroCRC(count: Int) -> UInt32 {
        // Column `i` is the image of register bit `i`; one zero bit shifts right and folds in
        // the polynomial, one zero byte is eight of those.
        var zeros = [0xEDB8_8320] + (1..<32).map { UInt32(1) << ($0 - 1) }
        for _ in 0..<3 { zeros = squared(zeros) }
        var register: UInt32 = 0xFFFF_FFFF
        var remaining = count
        while remaining > 0 {
            if remaining & 1 == 1 { register = applying(zeros, to: register) }
            zeros = squared(zeros)
            remaining >>= 1
        }
        return ~register
    }

    /// The GF(2) matrix `map` (one column per bit) applied to `vector`.
    private static func applying(_ map: [UInt32], to vector: UInt32) -> UInt32 {
        var result: UInt32 = 0
        for bit in 0..<32 where vector >> UInt32(bit) & 1 == 1 { result ^= map[bit] }
        return result
    }

    private static func squared(_ map: [UInt32]) -> [UInt32] {
        map.map { applying(map, to: $0) }
    }

    private static func littleEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 24)]
    }

    /// Packs bits least significant first, as deflate does.
    private struct BitWriter {
        private var bytes: [UInt8] = []
        private var current: UInt8 = 0
        private var used = 0

        /// `count` bits of `value`, least significant first (header fields, extra bits).
        mutating func write(_ value: UInt32, count: Int) {
            for bit in 0..<count { push(UInt8(value >> UInt32(bit) & 1)) }
        }

        /// A Huffman code of `count` bits, most significant first.
        mutating func writeCode(_ code: UInt32, count: Int) {
            for bit in (0..<count).reversed() { push(UInt8(code >> UInt32(bit) & 1)) }
        }

        /// The bytes written, the last one padded with zero bits.
        var finished: [UInt8] { used > 0 ? bytes + [current] : bytes }

        private mutating func push(_ bit: UInt8) {
            current |= bit << UInt8(used)
            used += 1
            if used == 8 {
                bytes.append(current)
                current = 0
                used = 0
            }
        }
    }
}
