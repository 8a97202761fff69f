import CLibEdit

extension LineEditor {
    /// Draws the edit area as the editor's state says it should look, when that changed.
    func refreshScreen() {
        let size = drawnSize ?? TerminalSize(columns: 80, rows: 24)
        write(area.frame(for: layout(width: size.columns), height: size.rows))
    }

    /// What the edit area shows now, laid out for a terminal `width` columns wide: the prompt,
    /// the line in its colours, then the suggestion, or the history search's found line and a
    /// row saying what is searched, or a status row.
    func layout(width: Int) -> ScreenLayout {
        var layout = ScreenLayout(width: width)
        for glyph in prompt.glyphs { layout.append(glyph) }
        if let search = session.search {
            append(search.shownLine, cursor: nil, emphasis: search.foundRange, to: &layout)
            layout.breakLine()
            for glyph in search.statusGlyphs(usesColor: usesColor) { layout.append(glyph) }
            layout.placeCursor()
        } else {
            let (before, after) = lineAroundCursor()
            var line = before + after
            // An accepted line ends with the line feed libedit adds.
            if session.isFinished, line.last == "\n" { line.removeLast() }
            append(line, cursor: before.count, emphasis: nil, to: &layout)
            if !session.isFinished {
                if let status = session.status {
                    layout.breakLine()
                    for glyph in status { layout.append(glyph) }
                } else if after.isEmpty, let rest = suggestion(after: line) {
                    layout.appendWithinRow(Glyph.glyphs(of: String(rest.prefix { $0 != "\n" }), style: .dim))
                }
            }
        }
        layout.finish()
        return layout
    }

    /// The rest of the newest history entry that starts with `line`, when suggestions are on.
    func suggestion(after line: [Unicode.Scalar]) -> Substring? {
        guard showsSuggestions, !line.isEmpty else { return nil }
        return suggestions.remainder(after: Self.string(from: line), in: recallable)
    }

    /// Appends the glyphs of `line` to `layout`, in the highlighter's colours, a line break
    /// starting a row with the continuation prompt; the cursor goes before the cluster holding
    /// scalar `cursor` (after the line at its end). `emphasis` marks scalars a search found.
    private func append(
        _ line: [Unicode.Scalar], cursor: Int?, emphasis: Range<Int>?, to layout: inout ScreenLayout
    ) {
        let styles = highlightStyles(of: line)
        let found = usesColor ? TextStyle(isInverse: true) : TextStyle(isUnderlined: true)
        var cursorIsPlaced = cursor == nil
        for (range, glyph) in Glyph.glyphs(
            of: line,
            style: { offset in
                let style = styles?[offset] ?? .plain
                guard let emphasis, emphasis.contains(offset) else { return style }
                return TextStyle(
                    foreground: style.foreground, background: style.background, isBold: style.isBold,
                    isItalic: style.isItalic, isUnderlined: found.isUnderlined || style.isUnderlined,
                    isInverse: found.isInverse)
            })
        {
            if !cursorIsPlaced, let cursor, cursor < range.upperBound {
                layout.placeCursor()
                cursorIsPlaced = true
            }
            if line[range].contains("\n") {
                layout.breakLine()
                for glyph in continuationGlyphs { layout.append(glyph) }
            } else {
                layout.append(glyph)
            }
        }
        if !cursorIsPlaced { layout.placeCursor() }
    }

    /// The style of each scalar of `line` as the highlighter colours it; nil without one.
    private func highlightStyles(of line: [Unicode.Scalar]) -> [TextStyle?]? {
        guard let highlighter, !line.isEmpty else { return nil }
        let spans = highlighter(Self.string(from: line))
        guard !spans.isEmpty else { return nil }
        var starts: [Int] = []
        starts.reserveCapacity(line.count)
        var offset = 0
        for scalar in line {
            starts.append(offset)
            offset += UTF8.width(scalar)
        }
        var styles = [TextStyle?](repeating: nil, count: line.count)
        for span in spans {
            var index = Self.firstIndex(in: starts, notBelow: span.range.lowerBound)
            while index < starts.count, starts[index] < span.range.upperBound {
                styles[index] = span.style
                index += 1
            }
        }
        return styles
    }

    /// The first index of sorted `values` whose value is `bound` or more.
    private static func firstIndex(in values: [Int], notBelow bound: Int) -> Int {
        var (low, high) = (0, values.count)
        while low < high {
            let middle = (low + high) / 2
            if values[middle] < bound { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
