/// Everything read from a terminal, kept raw and with escape sequences removed, with a read
/// position in each so successive waits look only at new output.
struct TerminalTranscript {
    private(set) var raw: [UInt8] = []
    private(set) var stripped: [UInt8] = []
    private var rawPosition = 0
    private var strippedPosition = 0
    private var stripper = EscapeStripper()

    mutating func append(_ bytes: some Collection<UInt8>) {
        raw.append(contentsOf: bytes)
        for byte in bytes { stripper.feed(byte, into: &stripped) }
    }

    /// Finds `text` after the read position; on success returns the output up to and including
    /// it and moves the read position past it.
    mutating func consume(through text: String, stripped useStripped: Bool) -> String? {
        let needle = Array(text.utf8)
        let haystack = useStripped ? stripped : raw
        let start = useStripped ? strippedPosition : rawPosition
        guard let end = Self.end(of: needle, in: haystack, from: start) else { return nil }
        if useStripped { strippedPosition = end } else { rawPosition = end }
        return String(decoding: haystack[start..<end], as: UTF8.self)
    }

    private static func end(of needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard !needle.isEmpty else { return start }
        guard haystack.count - start >= needle.count else { return nil }
        for offset in start...(haystack.count - needle.count)
        where haystack[offset] == needle[0] && haystack[offset..<(offset + needle.count)].elementsEqual(needle) {
            return offset + needle.count
        }
        return nil
    }
}

/// Removes terminal control from a byte stream, one byte at a time: CSI and string sequences
/// (OSC, DCS, APC, PM), other escapes, and control characters except newline and tab.
struct EscapeStripper {
    private enum State {
        case text, escape, controlSequence, string, stringEscape
    }

    private var state = State.text

    mutating func feed(_ byte: UInt8, into output: inout [UInt8]) {
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
    static func strip(_ text: String) -> String {
        var stripper = EscapeStripper()
        var output: [UInt8] = []
        for byte in text.utf8 { stripper.feed(byte, into: &output) }
        return String(decoding: output, as: UTF8.self)
    }
}
