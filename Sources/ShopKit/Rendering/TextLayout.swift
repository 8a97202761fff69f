/// Fitting sanitized text into columns: truncation, padding and word wrapping by display width.
public enum TextLayout {
    /// How text lines up in a column.
    public enum Alignment: Sendable {
        case left, right, center
    }

    /// `text` cut to at most `width` columns, ending in `…` when cut.
    public static func truncate(_ text: String, to width: Int) -> String {
        guard DisplayWidth.of(text) > width else { return text }
        guard width > 0 else { return "" }
        var result = ""
        var used = 0
        for character in text {
            let characterWidth = DisplayWidth.of(character)
            if used + characterWidth > width - 1 { break }
            result.append(character)
            used += characterWidth
        }
        return result + "…"
    }

    /// `text` padded with spaces to exactly `width` columns (cut first when longer).
    public static func pad(_ text: String, to width: Int, alignment: Alignment = .left) -> String {
        let fitted = truncate(text, to: width)
        let gap = max(0, width - DisplayWidth.of(fitted))
        switch alignment {
        case .left: return fitted + String(repeating: " ", count: gap)
        case .right: return String(repeating: " ", count: gap) + fitted
        case .center:
            let left = gap / 2
            return String(repeating: " ", count: left) + fitted + String(repeating: " ", count: gap - left)
        }
    }

    /// `text` broken into lines of at most `width` columns, at spaces where possible; words
    /// longer than a line are split between grapheme clusters. Newlines in `text` are kept.
    public static func wrap(_ text: String, width: Int) -> [String] {
        let width = max(1, width)
        var lines: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lines.append(contentsOf: wrapParagraph(paragraph, width: width))
        }
        return lines
    }

    private static func wrapParagraph(_ paragraph: Substring, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        var lineWidth = 0
        for word in paragraph.split(separator: " ", omittingEmptySubsequences: true) {
            var word = String(word)
            var wordWidth = DisplayWidth.of(word)
            if lineWidth > 0, lineWidth + 1 + wordWidth <= width {
                line += " " + word
                lineWidth += 1 + wordWidth
                continue
            }
            if lineWidth > 0 {
                lines.append(line)
                line = ""
                lineWidth = 0
            }
            while wordWidth > width {
                let (head, rest) = split(word, at: width)
                lines.append(head)
                word = rest
                wordWidth = DisplayWidth.of(word)
            }
            line = word
            lineWidth = wordWidth
        }
        lines.append(line)
        return lines
    }

    /// The longest prefix of `word` that fits `width` columns (at least one character), and the rest.
    private static func split(_ word: String, at width: Int) -> (String, String) {
        var head = ""
        var used = 0
        var index = word.startIndex
        while index < word.endIndex {
            let characterWidth = DisplayWidth.of(word[index])
            if used + characterWidth > width, !head.isEmpty { break }
            head.append(word[index])
            used += characterWidth
            index = word.index(after: index)
        }
        return (head, String(word[index...]))
    }
}
