/// Standard base64 (RFC 4648, with `=` padding), for the inline image protocols.
enum Base64 {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    /// `bytes` as base64 text.
    static func encode(_ bytes: [UInt8]) -> String {
        var out: [UInt8] = []
        out.reserveCapacity((bytes.count + 2) / 3 * 4)
        var index = 0
        while index + 3 <= bytes.count {
            let group = UInt32(bytes[index]) << 16 | UInt32(bytes[index + 1]) << 8 | UInt32(bytes[index + 2])
            out += [character(group >> 18), character(group >> 12), character(group >> 6), character(group)]
            index += 3
        }
        let left = bytes.count - index
        if left > 0 {
            let group = UInt32(bytes[index]) << 16 | (left == 2 ? UInt32(bytes[index + 1]) << 8 : 0)
            out += [character(group >> 18), character(group >> 12)]
            out += left == 2 ? [character(group >> 6), UInt8(ascii: "=")] : [UInt8(ascii: "="), UInt8(ascii: "=")]
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static func character(_ value: UInt32) -> UInt8 {
        alphabet[Int(value & 0x3F)]
    }
}
