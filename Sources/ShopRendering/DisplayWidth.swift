/// How many terminal columns text takes, measured per grapheme cluster.
///
/// An emoji sequence (ZWJ family, flag, keycap, variation selector 16) is one wide character;
/// East Asian wide and fullwidth characters take two columns; combining marks and zero-width
/// characters take none.
public enum DisplayWidth {
    /// The columns `text` takes on one line.
    public static func of<S: StringProtocol>(_ text: S) -> Int {
        var asciiWidth = 0
        var isASCII = true
        for byte in text.utf8 {
            if byte >= 0x80 {
                isASCII = false
                break
            }
            if byte >= 0x20 && byte != 0x7F { asciiWidth += 1 }
        }
        if isASCII { return asciiWidth }
        return text.reduce(0) { $0 + of($1) }
    }

    /// The columns one grapheme cluster takes: 0, 1 or 2.
    public static func of(_ character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        if scalars.count == 1, first.isASCII {
            return first.value >= 0x20 && first.value != 0x7F ? 1 : 0
        }
        if scalars.count > 1 {
            if scalars.contains(where: { $0.value == 0xFE0F || $0.value == 0x200D || $0.value == 0x20E3 }) {
                return scalars.contains { $0.properties.isEmoji || $0.value == 0x20E3 } ? 2 : baseWidth(of: first)
            }
            if scalars.contains(where: { $0.value == 0xFE0E }) { return 1 }
            if isRegionalIndicator(first) { return 2 }
            if first.properties.isEmojiModifierBase, scalars.contains(where: isEmojiModifier) { return 2 }
        }
        return baseWidth(of: first)
    }

    private static func baseWidth(of scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        // The soft hyphen is a format character that terminals still show in one column.
        if value == 0x00AD { return 1 }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format, .control: return 0
        default: break
        }
        if (0x1160...0x11FF).contains(value) { return 0 }
        if scalar.properties.isEmojiPresentation || isRegionalIndicator(scalar) { return 2 }
        return isEastAsianWide(value) ? 2 : 1
    }

    /// A skin tone modifier, U+1F3FB…U+1F3FF.
    private static func isEmojiModifier(_ scalar: Unicode.Scalar) -> Bool {
        (0x1F3FB...0x1F3FF).contains(scalar.value)
    }

    private static func isRegionalIndicator(_ scalar: Unicode.Scalar) -> Bool {
        (0x1F1E6...0x1F1FF).contains(scalar.value)
    }

    /// East Asian Wide and Fullwidth ranges (UAX #11) outside the emoji blocks.
    private static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x2329...0x232A, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF,
        0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF,
        0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x16FE0...0x16FE4,
        0x17000...0x18CFF, 0x1AFF0...0x1B2FF, 0x1F200...0x1F2FF, 0x20000...0x2FFFD, 0x30000...0x3FFFD,
    ]

    private static func isEastAsianWide(_ value: UInt32) -> Bool {
        guard value >= 0x1100 else { return false }
        return wideRanges.contains { $0.contains(value) }
    }
}
