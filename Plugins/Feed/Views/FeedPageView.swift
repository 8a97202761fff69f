import ShopPluginAPI

/// A card's detail page, as `feed open N` shows it: the card as a header, then each detail
/// unit — emoji and bold title, and the paragraph wrapped to the width under it.
///
/// ```
/// ╭──────────────────────────────────────╮
/// │ AROUND THE WORLD                 4/7 │
/// │                                      │
/// │ 🍜  Six Kitchens, Six Flags          │
/// ╰──────────────────────────────────────╯
///
///   🇯🇵  Miso ramen in Sapporo
///       In winter the city queues for
///       味噌ラーメン: a rich miso broth…
/// ```
///
/// Every line is exactly the render width (at least ``CardBox/minimumWidth``).
struct FeedPageView: ValueView {
    /// Columns before a unit's title and paragraph: margin, emoji, gap.
    static let indent = 6
    /// Columns kept free at the right of the text.
    static let rightMargin = 2

    let card: FeedCard
    /// The card's 1-based number.
    let number: Int
    /// How many cards the feed has.
    let count: Int

    func render(in context: RenderContext) -> String {
        lines(in: context).map(LineBuilder.trimmingTrailingSpaces).joined(separator: "\n")
    }

    /// The lines of the view, each exactly the width (``render(in:)`` drops their trailing spaces).
    func lines(in context: RenderContext) -> [String] {
        let width = max(CardBox.minimumWidth, context.width)
        let style = context.format == .plain ? TerminalStyle.plain : context.style
        let box = CardBox(card: card, label: "\(number)/\(count)", titleLines: nil)
        var lines = box.lines(width: width, surface: CardSurface.forContext(context))
        let textWidth = width - Self.indent - Self.rightMargin
        let indent = String(repeating: " ", count: Self.indent)
        for detail in card.details {
            lines.append(String(repeating: " ", count: width))
            let emoji = TextLayout.pad(Sanitizer.inert(detail.emoji ?? ""), to: 2)
            for (index, titleLine) in TextLayout.wrap(Sanitizer.inert(detail.title), width: textWidth).enumerated() {
                var line = LineBuilder()
                line.append(index == 0 ? "  " + emoji + "  " : indent)
                line.append(titleLine, styled: style.bold)
                lines.append(line.padded(to: width))
            }
            let paragraph = Sanitizer.inert(detail.paragraph, keepNewlines: true)
            for paragraphLine in TextLayout.wrap(paragraph, width: textWidth) {
                var line = LineBuilder()
                line.append(indent + paragraphLine)
                lines.append(line.padded(to: width))
            }
        }
        return lines
    }
}
