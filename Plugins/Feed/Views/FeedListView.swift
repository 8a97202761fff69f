import ShopPluginAPI

/// The feed as `feed list` shows it: the header, then the cards in one or two columns.
///
/// Every line is exactly the render width (at least ``CardBox/minimumWidth``), whatever the
/// emoji, CJK or combining marks in the cards.
struct FeedListView: ValueView {
    let cards: [FeedCard]
    /// The day shown in the header.
    let date: CalendarDate

    func render(in context: RenderContext) -> String {
        lines(in: context).map(LineBuilder.trimmingTrailingSpaces).joined(separator: "\n")
    }

    /// The lines of the view, each exactly the width (``render(in:)`` drops their trailing spaces).
    func lines(in context: RenderContext) -> [String] {
        let grid = FeedGrid(width: context.width)
        let surface = CardSurface.forContext(context)
        let style = context.format == .plain ? TerminalStyle.plain : context.style
        var lines = FeedHeader.lines(date: date, cardCount: cards.count, width: grid.width, style: style)
        let blank = String(repeating: " ", count: grid.width)
        let gap = String(repeating: " ", count: FeedGrid.gap)
        for rowStart in stride(from: 0, to: cards.count, by: grid.columns) {
            if rowStart > 0 { lines.append(blank) }
            let left = box(rowStart).lines(width: grid.leftWidth, surface: surface)
            guard grid.columns == 2 else {
                lines += left
                continue
            }
            let right =
                rowStart + 1 < cards.count
                ? box(rowStart + 1).lines(width: grid.rightWidth, surface: surface)
                : Array(repeating: String(repeating: " ", count: grid.rightWidth), count: left.count)
            lines += zip(left, right).map { $0 + gap + $1 }
        }
        return lines
    }

    private func box(_ index: Int) -> CardBox {
        CardBox(card: cards[index], label: String(index + 1), titleLines: CardBox.listTitleLines)
    }
}
