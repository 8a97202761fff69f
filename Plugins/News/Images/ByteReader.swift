/// Bounds-checked reads of integers from a byte buffer; every read past the end is nil.
struct ByteReader {
    private let bytes: [UInt8]

    init(_ data: [UInt8]) {
        // Headers live in the first bytes; JPEG metadata may push the frame header back a bit.
        bytes = Array(data.prefix(512 * 1024))
    }

    var count: Int { bytes.count }

    subscript(offset: Int) -> UInt8 { byte(at: offset) ?? 0 }

    func byte(at offset: Int) -> UInt8? {
        offset >= 0 && offset < bytes.count ? bytes[offset] : nil
    }

    func starts(with prefix: [UInt8]) -> Bool { matches(prefix, at: 0) }

    func matches(_ pattern: [UInt8], at offset: Int) -> Bool {
        guard offset >= 0, offset + pattern.count <= bytes.count else { return false }
        return bytes[offset..<offset + pattern.count].elementsEqual(pattern)
    }

    func uint16BE(at offset: Int) -> UInt16? {
        guard let a = byte(at: offset), let b = byte(at: offset + 1) else { return nil }
        return UInt16(a) << 8 | UInt16(b)
    }

    func uint16LE(at offset: Int) -> UInt16? {
        guard let a = byte(at: offset), let b = byte(at: offset + 1) else { return nil }
        return UInt16(b) << 8 | UInt16(a)
    }

    func uint24LE(at offset: Int) -> UInt32? {
        guard let a = byte(at: offset), let b = byte(at: offset + 1), let c = byte(at: offset + 2) else { return nil }
        return UInt32(c) << 16 | UInt32(b) << 8 | UInt32(a)
    }

    func uint32BE(at offset: Int) -> UInt32? {
        guard let high = uint16BE(at: offset), let low = uint16BE(at: offset + 2) else { return nil }
        return UInt32(high) << 16 | UInt32(low)
    }

    func uint32LE(at offset: Int) -> UInt32? {
        guard let low = uint16LE(at: offset), let high = uint16LE(at: offset + 2) else { return nil }
        return UInt32(high) << 16 | UInt32(low)
    }
}
