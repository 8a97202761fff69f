import ShopPluginAPI

/// One card drawn as a rectangle: subtitle and number on top, then the emoji and the bold title.
///
/// ```
/// ╭──────────────────────────────────────╮
/// │ GET STARTED                        1 │
/// │                                      │
/// │ 🎨  Pixel Art for Beginners          │
/// │                                      │
/// ╰──────────────────────────────────────╯
/// ```
///
/// In the list the title gets exactly ``listTitleLines`` rows (cut with `…`), so every card has
/// the same height and cards side by side line up; on a detail page the whole title is shown.
struct CardBox {
    /// Title rows of a card in the list.
    static let listTitleLines = 2
    /// The height of a card in the list.
    static let listHeight = 4 + listTitleLines
    /// The narrowest a card is drawn.
    static let minimumWidth = 12

    let card: FeedCard
    /// The number shown at the top right: `3`, or `3/7` on a page.
    let label: String
    /// How many title rows to draw (padded or cut), or nil for as many as the title needs.
    let titleLines: Int?

    /// The card's rows, each exactly `width` columns (at least ``minimumWidth``).
    func lines(width: Int, surface: CardSurface) -> [String] {
        let width = max(Self.minimumWidth, width)
        let inner = width - 4
        var rows = [surface.edge(top: true, width: width, color: card.color)]
        rows.append(surface.row(subtitleRow(inner: inner), color: card.color))
        rows.append(surface.row([(String(repeating: " ", count: inner), false)], color: card.color))
        for row in titleRows(inner: inner) {
            rows.append(surface.row(row, color: card.color))
        }
        rows.append(surface.edge(top: false, width: width, color: card.color))
        return rows
    }

    /// The subtitle in capitals, cut to fit, and the label at the right.
    private func subtitleRow(inner: Int) -> [(text: String, bold: Bool)] {
        let subtitle = Sanitizer.inert(card.subtitle).uppercased()
        let labelWidth = DisplayWidth.of(label)
        guard inner >= labelWidth + 2 else { return [(TextLayout.pad(subtitle, to: inner), false)] }
        return [(TextLayout.pad(subtitle, to: inner - labelWidth - 1) + " " + label, false)]
    }

    /// The emoji and the title, wrapped under each other; every row fills `inner` columns.
    private func titleRows(inner: Int) -> [[(text: String, bold: Bool)]] {
        let emojiWidth = 4
        let showsEmoji = card.emoji != nil && inner - emojiWidth >= 6
        let textWidth = showsEmoji ? inner - emojiWidth : inner
        var lines = TextLayout.wrap(Sanitizer.inert(card.title), width: textWidth)
        if let limit = titleLines.map({ max(1, $0) }) {
            if lines.count > limit {
                let rest = lines[(limit - 1)...].joined(separator: " ")
                lines = Array(lines[..<(limit - 1)]) + [TextLayout.truncate(rest, to: textWidth)]
            }
            lines += Array(repeating: "", count: limit - lines.count)
        }
        return lines.enumerated().map { index, line in
            var pieces: [(text: String, bold: Bool)] = []
            if showsEmoji {
                let emoji = index == 0 ? Sanitizer.inert(card.emoji ?? "") : ""
                pieces.append((TextLayout.pad(emoji, to: 2) + "  ", false))
            }
            pieces.append((line, true))
            pieces.append((String(repeating: " ", count: max(0, textWidth - DisplayWidth.of(line))), false))
            return pieces
        }
    }
}
