/// Makes text from data safe to print: control characters and escape sequences are shown as
/// visible symbols and never reach the terminal as commands.
///
/// C0 controls become their Unicode control pictures (ESC shows as `␛`), DEL as `␡`, C1
/// controls and bidirectional overrides as `�`. Tabs become spaces. Newlines are kept only
/// where the caller allows several lines.
public enum Sanitizer {
    /// How many columns a tab takes after sanitizing.
    public static let tabWidth = 4

    /// `text` with every control character made inert; `keepNewlines` lets `\n` through.
    public static func inert(_ text: String, keepNewlines: Bool = false) -> String {
        guard needsWork(text, keepNewlines: keepNewlines) else { return text }
        var output = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x0A where keepNewlines: output.append(scalar)
            case 0x09: output.append(contentsOf: String(repeating: " ", count: tabWidth).unicodeScalars)
            case 0x0D where keepNewlines: continue
            case 0x00..<0x20: output.append(Unicode.Scalar(0x2400 + scalar.value) ?? "\u{FFFD}")
            case 0x7F: output.append("\u{2421}")
            case 0x80...0x9F, 0x202A...0x202E, 0x2066...0x2069: output.append("\u{FFFD}")
            default: output.append(scalar)
            }
        }
        return String(output)
    }

    private static func needsWork(_ text: String, keepNewlines: Bool) -> Bool {
        // Over the bytes in place: a loop over `text.utf8` takes a byte out of the string at a time.
        let inPlace = text.utf8.withContiguousStorageIfAvailable { needsWork($0, keepNewlines: keepNewlines) }
        return inPlace ?? needsWork(text.utf8, keepNewlines: keepNewlines)
    }

    private static func needsWork(_ bytes: some Sequence<UInt8>, keepNewlines: Bool) -> Bool {
        var previous: UInt8 = 0
        var beforePrevious: UInt8 = 0
        for byte in bytes {
            switch byte {
            case 0x0A where keepNewlines: break
            case 0x00..<0x20, 0x7F: return true
            // C1 controls are U+0080…U+009F: 0xC2 0x80…0x9F in UTF-8.
            case 0x80...0x9F where previous == 0xC2: return true
            // U+202A…U+202E: 0xE2 0x80 0xAA…0xAE; U+2066…U+2069: 0xE2 0x81 0xA6…0xA9.
            case 0xAA...0xAE where previous == 0x80 && beforePrevious == 0xE2: return true
            case 0xA6...0xA9 where previous == 0x81 && beforePrevious == 0xE2: return true
            default: break
            }
            beforePrevious = previous
            previous = byte
        }
        return false
    }
}
