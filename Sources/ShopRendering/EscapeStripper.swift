/// Removes terminal control from text, or from a byte stream one byte at a time: CSI and
/// string sequences (OSC, DCS, APC, PM), other escapes, and control characters except
/// newline and tab. What transcripts compare and tests measure is the text a reader sees.
///
/// ```swift
/// EscapeStripper.strip("\u{1B}[1mbold\u{1B}[0m")   // "bold"
/// ```
public struct EscapeStripper: Sendable {
    private enum State {
        case text, escape, controlSequence, string, stringEscape
    }

    private var state = State.text

    /// A stripper at the start of a stream.
    public init() {}

    /// Takes the next byte of the stream, appending it to `output` unless it is terminal control.
    public mutating func feed(_ byte: UInt8, into output: inout [UInt8]) {
        switch state {
        case .text:
            if byte == 0x1B {
                state = .escape
            } else if byte >= 0x20 || byte == 0x0A || byte == 0x09 {
                if byte != 0x7F { output.append(byte) }
            }
        case .escape:
            switch byte {
            case UInt8(ascii: "["): state = .controlSequence
            case UInt8(ascii: "]"), UInt8(ascii: "P"), UInt8(ascii: "_"), UInt8(ascii: "^"): state = .string
            default: state = .text
            }
        case .controlSequence:
            if !(0x20...0x3F).contains(byte) { state = .text }
        case .string:
            if byte == 0x07 { state = .text } else if byte == 0x1B { state = .stringEscape }
        case .stringEscape:
            state = byte == UInt8(ascii: "\\") ? .text : .string
        }
    }

    /// `text` without escape sequences and control characters other than newline and tab.
    public static func strip(_ text: String) -> String {
        guard text.utf8.contains(where: { ($0 < 0x20 && $0 != 0x0A && $0 != 0x09) || $0 == 0x7F }) else {
            return text
        }
        var stripper = EscapeStripper()
        var output: [UInt8] = []
        for byte in text.utf8 { stripper.feed(byte, into: &output) }
        return String(decoding: output, as: UTF8.self)
    }
}
