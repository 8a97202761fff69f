/// What one grapheme cluster of the edited line, the prompt or a hint looks like on the
/// terminal: the text written, the columns it is given, and its style.
///
/// The editor gives each cluster the widest a terminal may draw it: the sum of its
/// characters' widths (as `wcwidth` and xterm count them), and at least two columns for an
/// emoji sequence (as terminals that join them draw it). A terminal that draws such a cluster
/// narrower leaves blank columns after it, never text out of place: the cursor is put after
/// an uncertain glyph explicitly.
struct Glyph: Equatable {
    /// The text written for it (a stand-in for characters that cannot be shown as they are).
    var text: String
    /// The columns it takes; zero for the prompt's trailing escape sequences.
    var width: Int
    /// Its style; nil for the prompt's glyphs, drawn in the colours its own escapes set.
    var style: TextStyle?
    /// Escape sequences written before the text: the prompt's own colours.
    var prefix = ""
    /// Whether terminals disagree on its width (emoji sequences, combining marks).
    var isUncertain = false
    /// A tab: it reaches the next multiple of eight columns of its row.
    var isTab = false

    /// A blank that fills the end of a row when the next glyph does not fit in it.
    static let padding = Glyph(text: " ", width: 1, style: .plain)

    /// Shown for a character the terminal cannot draw (unassigned, a C1 control).
    private static let replacement = "\u{FFFD}"
    /// Carries a cluster that would take no column (a lone combining mark or joiner).
    private static let dottedCircle = "\u{25CC}"

    /// The glyph of one grapheme cluster, made of `scalars`.
    static func cluster(_ scalars: some Collection<Unicode.Scalar>, style: TextStyle?) -> Glyph {
        guard let first = scalars.first else { return Glyph(text: "", width: 0, style: style) }
        if scalars.count == 1 {
            switch first.value {
            case 0x09:
                return Glyph(text: " ", width: 1, style: style, isTab: true)
            case 0x00..<0x20, 0x7F:
                // Drawn as ^X, as libedit and terminals' line discipline show them.
                let letter = Unicode.Scalar((first.value + 0x40) & 0x7F) ?? "?"
                return Glyph(text: "^" + String(letter), width: 2, style: style)
            default:
                let width = TextWidth.characterWidth(first)
                if width < 0 { return Glyph(text: replacement, width: 1, style: style) }
                if width == 0 {
                    return Glyph(text: dottedCircle + String(first), width: 1, style: style, isUncertain: true)
                }
                return Glyph(text: String(first), width: width, style: style)
            }
        }
        var sum = 0
        var isEmojiSequence = false
        var text = ""
        for scalar in scalars {
            let width = TextWidth.characterWidth(scalar)
            if width < 0 || scalar.value < 0x20 { return Glyph(text: replacement, width: 1, style: style) }
            sum += width
            isEmojiSequence = isEmojiSequence || Self.joinsEmoji(scalar)
            text.unicodeScalars.append(scalar)
        }
        if sum == 0 { return Glyph(text: dottedCircle + text, width: 1, style: style, isUncertain: true) }
        return Glyph(text: text, width: max(sum, isEmojiSequence ? 2 : 0), style: style, isUncertain: true)
    }

    /// The glyphs of `scalars`, each with the range of scalars it shows; `style` gives the
    /// style of the cluster starting at a scalar offset.
    static func glyphs(of scalars: [Unicode.Scalar], style: (Int) -> TextStyle?) -> [(Range<Int>, Glyph)] {
        var result: [(Range<Int>, Glyph)] = []
        result.reserveCapacity(scalars.count)
        var offset = 0
        for character in LineEditor.string(from: scalars) {
            let count = character.unicodeScalars.count
            let range = offset..<min(offset + count, scalars.count)
            result.append((range, cluster(scalars[range], style: style(offset))))
            offset += count
        }
        return result
    }

    /// The glyphs of `text` in one style.
    static func glyphs(of text: String, style: TextStyle?) -> [Glyph] {
        text.map { cluster($0.unicodeScalars, style: style) }
    }

    /// A scalar that makes its cluster an emoji sequence: variation selector 16, the zero width
    /// joiner, the keycap, a skin tone, a regional indicator.
    private static func joinsEmoji(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0xFE0F, 0x200D, 0x20E3, 0x1F3FB...0x1F3FF, 0x1F1E6...0x1F1FF: true
        default: false
        }
    }
}
