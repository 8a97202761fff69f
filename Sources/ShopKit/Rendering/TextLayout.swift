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
            let wordWidth = DisplayWidth.of(word)
            if !line.isEmpty, lineWidth + 1 + wordWidth <= width {
                line += " "
                line += word
                lineWidth += 1 + wordWidth
                continue
            }
            if !line.isEmpty {
                lines.append(line)
                line = ""
                lineWidth = 0
            }
            if wordWidth <= width {
                line = String(word)
                lineWidth = wordWidth
                continue
            }
            // A word longer than a line is cut between grapheme clusters, in one pass (each
            // line holds at least one cluster, so a cluster wider than the line still moves on).
            for character in word {
                let characterWidth = DisplayWidth.of(character)
                if lineWidth + characterWidth > width, !line.isEmpty {
                    lines.append(line)
                    line = ""
                    lineWidth = 0
                }
                line.append(character)
                lineWidth += characterWidth
            }
        }
        lines.append(line)
        return lines
    }
}
