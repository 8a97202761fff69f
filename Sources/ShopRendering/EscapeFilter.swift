import ShopValues

/// The one rule for text that leaves shop for a person — the terminal, a pager, a pipe, a
/// handout: shop's own styling passes, and every other control character or escape sequence
/// is shown inert.
///
/// Views sanitize the data they lay out (``Sanitizer``; widths depend on it). This is the
/// guarantee behind them, applied where text is written out: whatever path text from data,
/// plugins, state files or narration took, it cannot move the cursor, clear the screen,
/// retitle the window, write the clipboard or make the terminal answer. What passes, when
/// styles are kept, is what ``TerminalStyle`` writes: SGR sequences (`ESC [ 1;32 m`) and OSC 8
/// hyperlinks. Everything else is shown as ``Sanitizer`` shows it: C0 controls as control
/// pictures (ESC as `␛`, so `ESC [2J` prints as `␛[2J`), DEL as `␡`, C1 controls as `�`.
/// Newlines and tabs pass. Text without control characters, nearly all of it, is returned as
/// it is, after one look at its bytes.
///
/// ```swift
/// EscapeFilter.filter("\u{1B}[1mbold\u{1B}[0m \u{1B}]0;title\u{07}")   // "\u{1B}[1mbold\u{1B}[0m ␛]0;title␇"
/// ```
public enum EscapeFilter {
    /// `text` with everything but newlines, tabs and (when `keepingStyles`) shop's styling made inert.
    public static func filter(_ text: String, keepingStyles: Bool = true) -> String {
        var text = text
        return text.withUTF8 { bytes in
            guard needsFiltering(bytes) else { return nil }
            var output: [UInt8] = []
            filter(bytes, keepingStyles: keepingStyles, into: &output)
            return String(decoding: output, as: UTF8.self)
        } ?? text
    }

    /// Whether `bytes` hold anything ``filter(_:keepingStyles:into:)`` would change or look at
    /// twice: a control character other than newline and tab, DEL, or a C1 control.
    ///
    /// All that shop prints passes through here, so it skips eight bytes at a time and looks
    /// at the bytes one by one only in a word that has a control byte (newlines and tabs too),
    /// DEL or 0xC2.
    public static func needsFiltering(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        while true {
            index = ByteWord.firstWord(in: bytes, from: index, holdingBelow: 0x20, orEqualTo: (0x7F, 0xC2))
            guard index < bytes.count else { return false }
            for position in index..<min(index + 8, bytes.count) {
                let byte = bytes[position]
                if (byte < 0x20 && byte != 0x0A && byte != 0x09) || byte == 0x7F { return true }
                if byte == 0xC2, position + 1 < bytes.count, bytes[position + 1] & 0xE0 == 0x80 { return true }
            }
            index += 8
        }
    }

    /// Appends `bytes` to `output` with everything but newlines, tabs and (when
    /// `keepingStyles`) shop's styling made inert.
    public static func filter(_ bytes: UnsafeBufferPointer<UInt8>, keepingStyles: Bool, into output: inout [UInt8]) {
        output.reserveCapacity(output.count + bytes.count + 16)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x1B, keepingStyles, let end = styleEnd(in: bytes, at: index) {
                output.append(contentsOf: bytes[index..<end])
                index = end
                continue
            }
            switch byte {
            case 0x0A, 0x09:
                output.append(byte)
            case 0x00..<0x20:
                // U+2400 + the code: the control pictures, 0xE2 0x90 0x80… in UTF-8.
                output.append(contentsOf: [0xE2, 0x90, 0x80 + byte])
            case 0x7F:
                output.append(contentsOf: [0xE2, 0x90, 0xA1])
            case 0xC2 where index + 1 < bytes.count && (0x80...0x9F).contains(bytes[index + 1]):
                output.append(contentsOf: [0xEF, 0xBF, 0xBD])
                index += 1
            default:
                output.append(byte)
            }
            index += 1
        }
    }

    /// Where the styling sequence starting with the ESC at `start` ends (the offset after
    /// it), or nil when it is none: SGR `ESC [` digits, `;` or `:`, then `m`; or an OSC 8
    /// hyperlink, `ESC ] 8 ;` printable text, then `ESC \` or BEL.
    private static func styleEnd(in bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> Int? {
        guard start + 2 < bytes.count else { return nil }
        var index = start + 2
        switch bytes[start + 1] {
        case UInt8(ascii: "["):
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "m") { return index + 1 }
                guard (UInt8(ascii: "0")...UInt8(ascii: ";")).contains(byte) else { return nil }
                index += 1
            }
            return nil
        case UInt8(ascii: "]"):
            guard start + 3 < bytes.count, bytes[start + 2] == UInt8(ascii: "8"), bytes[start + 3] == UInt8(ascii: ";")
            else { return nil }
            index = start + 4
            while index < bytes.count {
                let byte = bytes[index]
                if byte == 0x07 { return index + 1 }
                if byte == 0x1B {
                    return index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "\\") ? index + 2 : nil
                }
                guard byte >= 0x20, byte != 0x7F, !(bytes[index - 1] == 0xC2 && byte <= 0x9F && byte >= 0x80)
                else { return nil }
                index += 1
            }
            return nil
        default:
            return nil
        }
    }
}
