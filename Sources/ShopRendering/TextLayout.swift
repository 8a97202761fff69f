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
        var wrapper = Wrapper(width: max(1, width))
        for character in text {
            switch character {
            case "\n": wrapper.endLine()
            case " ": wrapper.endWord()
            default: wrapper.append(character)
            }
        }
        wrapper.endLine()
        return wrapper.lines
    }

    /// Greedy line filling in one pass over the grapheme clusters, measuring each cluster once.
    private struct Wrapper {
        let width: Int
        var lines: [String] = []
        var line = ""
        var lineWidth = 0
        var word = ""
        var wordWidth = 0

        init(width: Int) {
            self.width = width
        }

        /// Adds a cluster to the word; a word longer than a line is cut here, on a line of its
        /// own (each piece holds at least one cluster, so a cluster wider than the line moves on).
        mutating func append(_ character: Character) {
            let characterWidth = DisplayWidth.of(character)
            if !word.isEmpty, wordWidth + characterWidth > width {
                if !line.isEmpty { flushLine() }
                lines.append(word)
                word = ""
                wordWidth = 0
            }
            word.append(character)
            wordWidth += characterWidth
        }

        /// Puts the finished word on the line, or starts the next line with it.
        mutating func endWord() {
            guard !word.isEmpty else { return }
            if !line.isEmpty, lineWidth + 1 + wordWidth <= width {
                line += " "
                line += word
                lineWidth += 1 + wordWidth
            } else {
                if !line.isEmpty { flushLine() }
                line = word
                lineWidth = wordWidth
            }
            word = ""
            wordWidth = 0
        }

        /// Ends the line at a newline or the end of the text (an empty line stays a line).
        mutating func endLine() {
            endWord()
            flushLine()
        }

        private mutating func flushLine() {
            lines.append(line)
            line = ""
            lineWidth = 0
        }
    }
}
