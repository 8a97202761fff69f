import ShopPluginAPI

/// Draws a card: a box with labels set into its top and bottom borders around content lines.
///
/// ```
/// ╭─ 1 ───────────────────╮      ┏━ 2 ━━━━━━━━━━━━━━━ ✓ ━┓
/// │ 🪟  Window cleaning   │      ┃ 🧺  Wash and iron     ┃
/// │     1 500 ₽           │      ┃     890 ₽             ┃
/// ╰─────────── windows ───╯      ┗━━━━━━━━━━━ laundry ━━━┛
/// ```
///
/// A highlighted card has heavy borders (and colour where the style allows), so it stands out
/// in plain text too. Every line is exactly ``width`` columns wide.
struct CardBox {
    /// The columns the card takes, borders included.
    var width: Int
    /// Whether the card is drawn heavy and coloured.
    var isHighlighted: Bool
    /// The label in the top border, on the left (sanitized).
    var topLeft: String?
    /// The label in the top border, on the right (sanitized).
    var topRight: String?
    /// The label in the bottom border, on the right (sanitized).
    var bottomRight: String?

    /// The colour of highlighted borders and marks.
    static let highlight = RGBColor(red: 0x2E, green: 0xA0, blue: 0x43)

    /// The columns available for content inside the borders and their padding.
    var innerWidth: Int { max(1, width - 4) }

    /// The card's lines around `content`, each already fitted to ``innerWidth`` (see ``fit(_:to:attributes:style:)``).
    func render(_ content: [String], style: TerminalStyle) -> [String] {
        let pieces = isHighlighted ? ("┏", "━", "┓", "┃", "┗", "┛") : ("╭", "─", "╮", "│", "╰", "╯")
        let borderAttributes: [TextAttribute] = isHighlighted ? [.bold, .foreground(Self.highlight)] : []
        func border(_ text: String) -> String { style.apply(borderAttributes, to: text) }
        var lines: [String] = []
        lines.append(
            edge(
                left: pieces.0, fill: pieces.1, right: pieces.2, leftLabel: topLeft, rightLabel: topRight,
                style: style, attributes: borderAttributes))
        for line in content {
            lines.append(border(pieces.3) + " " + line + " " + border(pieces.3))
        }
        lines.append(
            edge(
                left: pieces.4, fill: pieces.1, right: pieces.5, leftLabel: nil, rightLabel: bottomRight,
                style: style, attributes: borderAttributes))
        return lines
    }

    /// A top or bottom border with labels: `╭─ 1 ──────── ✓ ─╮`.
    private func edge(
        left: String, fill: String, right: String, leftLabel: String?, rightLabel: String?, style: TerminalStyle,
        attributes: [TextAttribute]
    ) -> String {
        let labelAttributes: [TextAttribute] = isHighlighted ? attributes : [.dim]
        let room = max(0, width - 2)
        var used = 0
        var leading: [(text: String, attributes: [TextAttribute])] = []
        var trailing: [(text: String, attributes: [TextAttribute])] = []
        if let leftLabel, room >= 5 {
            let label = TextLayout.truncate(leftLabel, to: room - 4)
            leading = [(fill + " ", attributes), (label, labelAttributes), (" ", [])]
            used += DisplayWidth.of(label) + 3
        }
        if let rightLabel, room - used >= 5 {
            let label = TextLayout.truncate(rightLabel, to: room - used - 4)
            trailing = [(" ", []), (label, labelAttributes), (" " + fill, attributes)]
            used += DisplayWidth.of(label) + 3
        }
        let segments =
            [(left, attributes)] + leading + [(String(repeating: fill, count: max(0, room - used)), attributes)]
            + trailing + [(right, attributes)]
        return segments.map { style.apply($0.attributes, to: $0.text) }.joined()
    }

    /// `text` cut or padded to exactly `width` columns, then styled.
    static func fit(_ text: String, to width: Int, attributes: [TextAttribute] = [], style: TerminalStyle) -> String {
        let padded = TextLayout.pad(text, to: width)
        guard !attributes.isEmpty else { return padded }
        let trimmed = String(padded.reversed().drop { $0 == " " }.reversed())
        let spaces = String(repeating: " ", count: max(0, DisplayWidth.of(padded) - DisplayWidth.of(trimmed)))
        return style.apply(attributes, to: trimmed) + spaces
    }
}
