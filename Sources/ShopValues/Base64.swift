/// Standard base64 (RFC 4648, `=` padding): picture bytes in inline image protocols and in
/// HTTP archives.
public enum Base64 {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    /// Each byte's value in the alphabet, 0xFF for bytes outside it.
    private static let values: [UInt8] = {
        var table = [UInt8](repeating: 0xFF, count: 256)
        for (index, byte) in alphabet.enumerated() { table[Int(byte)] = UInt8(index) }
        return table
    }()

    /// `bytes` as base64 text.
    public static func encode(_ bytes: [UInt8]) -> String {
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

    /// The bytes `text` encodes, or nil when it is not base64: characters outside the
    /// alphabet, a length that is not a multiple of 4, or padding anywhere but at the end.
    /// Line breaks are allowed and ignored (MIME wraps base64 at 76 columns).
    public static func decode(_ text: String) -> [UInt8]? {
        var symbols = Array(text.utf8)
        symbols.removeAll { $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r") }
        guard symbols.count % 4 == 0 else { return nil }
        var padding = 0
        while padding < 2, symbols.count > padding, symbols[symbols.count - 1 - padding] == UInt8(ascii: "=") {
            padding += 1
        }
        var out: [UInt8] = []
        out.reserveCapacity(symbols.count / 4 * 3)
        var index = 0
        while index < symbols.count {
            var group: UInt32 = 0
            for offset in 0..<4 {
                let symbol = symbols[index + offset]
                let isPadding = index + offset >= symbols.count - padding
                let value = isPadding ? 0 : values[Int(symbol)]
                guard value != 0xFF else { return nil }
                group = group << 6 | UInt32(value)
            }
            out += [
                UInt8(truncatingIfNeeded: group >> 16), UInt8(truncatingIfNeeded: group >> 8),
                UInt8(truncatingIfNeeded: group),
            ]
            index += 4
        }
        out.removeLast(padding)
        return out
    }

    private static func character(_ value: UInt32) -> UInt8 {
        alphabet[Int(value & 0x3F)]
    }
}
