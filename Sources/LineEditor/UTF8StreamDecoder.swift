/// Decodes UTF-8 arriving one byte at a time, as keys come from a terminal.
///
/// Each invalid or truncated sequence becomes one U+FFFD; input never stops the decoder.
struct UTF8StreamDecoder {
    private var pending: [UInt8] = []

    /// Whether a multi-byte sequence has started but not finished.
    var hasPartialSequence: Bool { !pending.isEmpty }

    /// Feeds one byte and returns the scalars it completes (none, one, or two when it ended a
    /// broken sequence and was itself complete).
    mutating func feed(_ byte: UInt8) -> [Unicode.Scalar] {
        if pending.isEmpty {
            switch byte {
            case 0x00...0x7F: return [Unicode.Scalar(byte)]
            case 0xC2...0xF4:
                pending = [byte]
                return []
            default: return [Self.replacement]
            }
        }
        guard Self.isAllowed(byte, after: pending) else {
            pending.removeAll()
            return [Self.replacement] + feed(byte)
        }
        pending.append(byte)
        guard pending.count == Self.length(startingWith: pending[0]) else { return [] }
        defer { pending.removeAll() }
        var value = UInt32(pending[0]) & (0xFF >> (pending.count + 1))
        for continuation in pending.dropFirst() { value = value << 6 | UInt32(continuation & 0x3F) }
        return [Unicode.Scalar(value) ?? Self.replacement]
    }

    /// Ends the input: a partial sequence becomes U+FFFD.
    mutating func finish() -> [Unicode.Scalar] {
        defer { pending.removeAll() }
        return pending.isEmpty ? [] : [Self.replacement]
    }

    private static let replacement: Unicode.Scalar = "\u{FFFD}"

    private static func length(startingWith lead: UInt8) -> Int {
        switch lead {
        case 0xC2...0xDF: 2
        case 0xE0...0xEF: 3
        default: 4
        }
    }

    /// Whether `byte` may follow `prefix` (rejects overlongs, surrogates and values past U+10FFFF).
    private static func isAllowed(_ byte: UInt8, after prefix: [UInt8]) -> Bool {
        guard (0x80...0xBF).contains(byte) else { return false }
        guard prefix.count == 1 else { return true }
        switch prefix[0] {
        case 0xE0: return byte >= 0xA0
        case 0xED: return byte <= 0x9F
        case 0xF0: return byte >= 0x90
        case 0xF4: return byte <= 0x8F
        default: return true
        }
    }
}
