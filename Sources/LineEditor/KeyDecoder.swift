/// Decodes raw terminal input bytes into ``TerminalKey`` values.
enum KeyDecoder {
    /// The result of looking at the start of the input.
    enum Outcome: Equatable {
        /// A key, and how many bytes it used.
        case key(TerminalKey, length: Int)
        /// The bytes so far begin a longer sequence; wait briefly for the rest.
        case incomplete
    }

    /// Decodes the first key in `bytes` (which must not be empty).
    ///
    /// - Parameter final: No more bytes are coming soon, so an incomplete sequence is resolved
    ///   now: a lone ESC is ``TerminalKey/escape``, a truncated character is U+FFFD.
    static func decode(_ bytes: ArraySlice<UInt8>, final: Bool) -> Outcome {
        guard let first = bytes.first else { return .incomplete }
        switch first {
        case 0x1B: return decodeEscape(bytes, final: final)
        case 0x0D, 0x0A: return .key(.enter, length: 1)
        case 0x09: return .key(.tab, length: 1)
        case 0x7F, 0x08: return .key(.backspace, length: 1)
        case 0x03: return .key(.controlC, length: 1)
        case 0x04: return .key(.controlD, length: 1)
        case 0x00..<0x20: return .key(.control(first), length: 1)
        case 0x20..<0x7F: return .key(.character(Character(Unicode.Scalar(first))), length: 1)
        default: return decodeUTF8(bytes, final: final)
        }
    }

    private static func decodeEscape(_ bytes: ArraySlice<UInt8>, final: Bool) -> Outcome {
        let start = bytes.startIndex
        guard bytes.count >= 2 else { return final ? .key(.escape, length: 1) : .incomplete }
        switch bytes[start + 1] {
        case UInt8(ascii: "["):
            var index = start + 2
            while index < bytes.endIndex {
                let byte = bytes[index]
                if (0x40...0x7E).contains(byte) {
                    let sequence = Array(bytes[start...index])
                    let key = controlSequenceKey(parameters: Array(bytes[(start + 2)..<index]), final: byte)
                    return .key(key ?? .unknownSequence(sequence), length: sequence.count)
                }
                guard (0x20...0x3F).contains(byte) else {
                    return .key(.unknownSequence(Array(bytes[start..<index])), length: index - start)
                }
                index += 1
            }
            return final ? .key(.unknownSequence(Array(bytes)), length: bytes.count) : .incomplete
        case UInt8(ascii: "O"):
            guard bytes.count >= 3 else {
                return final ? .key(.unknownSequence(Array(bytes)), length: bytes.count) : .incomplete
            }
            let key = controlSequenceKey(parameters: [], final: bytes[start + 2])
            return .key(key ?? .unknownSequence(Array(bytes.prefix(3))), length: 3)
        default:
            // ESC followed by an ordinary key: Escape, then that key on the next read.
            return .key(.escape, length: 1)
        }
    }

    /// The key a CSI or SS3 sequence names; modifiers (`1;5`) are ignored.
    private static func controlSequenceKey(parameters: [UInt8], final: UInt8) -> TerminalKey? {
        switch final {
        case UInt8(ascii: "A"): return .up
        case UInt8(ascii: "B"): return .down
        case UInt8(ascii: "C"): return .right
        case UInt8(ascii: "D"): return .left
        case UInt8(ascii: "H"): return .home
        case UInt8(ascii: "F"): return .end
        case UInt8(ascii: "~"):
            let number = parameters.prefix { $0 != UInt8(ascii: ";") }
            switch String(decoding: number, as: UTF8.self) {
            case "1", "7": return .home
            case "4", "8": return .end
            case "3": return .delete
            case "5": return .pageUp
            case "6": return .pageDown
            default: return nil
            }
        default: return nil
        }
    }

    private static func decodeUTF8(_ bytes: ArraySlice<UInt8>, final: Bool) -> Outcome {
        var decoder = UTF8StreamDecoder()
        var length = 0
        for byte in bytes {
            let scalars = decoder.feed(byte)
            length += 1
            guard let scalar = scalars.first else { continue }
            if scalar == "\u{FFFD}" && length > 1 && (scalars.count > 1 || decoder.hasPartialSequence) {
                // The byte just read broke the sequence; it starts the next key.
                return .key(.character("\u{FFFD}"), length: length - 1)
            }
            return .key(.character(Character(scalar)), length: length)
        }
        return final ? .key(.character("\u{FFFD}"), length: length) : .incomplete
    }
}
