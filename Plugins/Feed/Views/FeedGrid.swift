/// Where the cards of the list go: one column on a narrow terminal, two from
/// ``twoColumnWidth`` columns, under the header, with a blank line between rows of cards.
struct FeedGrid: Equatable {
    /// From this width on, cards sit two by two.
    static let twoColumnWidth = 100
    /// Columns between two cards side by side.
    static let gap = 2

    /// The width laid out (never below ``CardBox/minimumWidth``).
    let width: Int
    /// 1 or 2.
    let columns: Int

    init(width: Int) {
        self.width = max(CardBox.minimumWidth, width)
        self.columns = self.width >= Self.twoColumnWidth ? 2 : 1
    }

    /// The width of the left column's cards (all cards with one column).
    var leftWidth: Int {
        columns == 1 ? width : (width - Self.gap) / 2
    }

    /// The width of the right column's cards.
    var rightWidth: Int {
        width - Self.gap - leftWidth
    }

    /// The rectangle of card `index` (0-based), counting rows from the first line of the header.
    func placement(ofCard index: Int) -> CellRect {
        let gridRow = index / columns
        let isRight = index % columns == 1
        return CellRect(
            column: isRight ? leftWidth + Self.gap : 0, row: FeedHeader.height + gridRow * (CardBox.listHeight + 1),
            width: isRight ? rightWidth : leftWidth, height: CardBox.listHeight)
    }
}
