/// Checks that bytes are text: UTF-8 with no NUL byte, as scripts and `open`ed files must be.
public enum UTF8Text {
    /// The offset of the first NUL byte or byte that breaks UTF-8, or nil when the text is clean.
    public static func firstInvalidOffset(in bytes: [UInt8]) -> Int? {
        bytes.withUnsafeBytes { firstInvalidOffset(in: $0) }
    }

    /// The same, the bytes checked in parts on every core when there are many of them.
    public static func firstInvalidOffset(in bytes: [UInt8]) async throws -> Int? {
        let parts = bytes.count < 4 << 20 ? 1 : ParallelParts.count
        // Parts end after an ASCII byte, so that no character is cut.
        var cuts = [0]
        for part in 1..<max(parts, 1) {
            var cut = max(bytes.count * part / parts, cuts[cuts.count - 1])
            while cut < bytes.count, bytes[cut] >= 0x80 { cut += 1 }
            cuts.append(cut)
        }
        cuts.append(bytes.count)
        let bounds = cuts
        let found = try await ParallelParts.map(parts) { part in
            bytes.withUnsafeBytes { raw in
                firstInvalidOffset(in: UnsafeRawBufferPointer(rebasing: raw[bounds[part]..<bounds[part + 1]]))
                    .map { $0 + bounds[part] }
            }
        }
        return found.lazy.compactMap { $0 }.first
    }

    private static func firstInvalidOffset(in bytes: UnsafeRawBufferPointer) -> Int? {
        var index = 0
        while index < bytes.count {
            // Thirty-two bytes at a time while they are ASCII and not NUL, the common case.
            while index + 32 <= bytes.count {
                let first = bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                let second = bytes.loadUnaligned(fromByteOffset: index + 8, as: UInt64.self)
                let third = bytes.loadUnaligned(fromByteOffset: index + 16, as: UInt64.self)
                let fourth = bytes.loadUnaligned(fromByteOffset: index + 24, as: UInt64.self)
                guard Self.asciiWithoutNUL(first, second, third, fourth) else { break }
                index += 32
            }
            if index == bytes.count { return nil }
            // Eight bytes at a time while they are ASCII and not NUL, the common case.
            if index + 8 <= bytes.count {
                let word = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self))
                let ones: UInt64 = 0x0101_0101_0101_0101
                let highs: UInt64 = 0x8080_8080_8080_8080
                if (word | ((word &- ones) & ~word)) & highs == 0 {
                    index += 8
                    continue
                }
            }
            let lead = bytes[index]
            if lead == 0 { return index }
            if lead < 0x80 {
                index += 1
                continue
            }
            let length: Int
            let minimum: UInt32
            switch lead {
            case 0xC2...0xDF: (length, minimum) = (2, 0x80)
            case 0xE0...0xEF: (length, minimum) = (3, 0x800)
            case 0xF0...0xF4: (length, minimum) = (4, 0x10000)
            default: return index
            }
            guard index + length <= bytes.count else { return index }
            var scalar = UInt32(lead) & (0xFF >> (length + 1))
            for offset in 1..<length {
                let continuation = bytes[index + offset]
                guard continuation & 0xC0 == 0x80 else { return index }
                scalar = scalar << 6 | UInt32(continuation & 0x3F)
            }
            if scalar < minimum || scalar > 0x10FFFF || (0xD800...0xDFFF).contains(scalar) { return index }
            index += length
        }
        return nil
    }

    /// Whether four words of bytes are ASCII with no NUL: no high bit in any, and no zero byte
    /// (a zero byte, and only such a byte in ASCII, borrows into its high bit).
    @inline(__always) private static func asciiWithoutNUL(_ a: UInt64, _ b: UInt64, _ c: UInt64, _ d: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let zeros = ((a &- ones) & ~a) | ((b &- ones) & ~b) | ((c &- ones) & ~c) | ((d &- ones) & ~d)
        return (a | b | c | d | zeros) & highs == 0
    }
}
