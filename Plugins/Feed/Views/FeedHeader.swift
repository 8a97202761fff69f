import ShopPluginAPI

/// The top of the feed: the date in capitals over `Today`, like an app store's Today tab.
///
/// ```
/// THURSDAY, 15 JANUARY
/// Today                                   7 cards
/// ```
enum FeedHeader {
    /// The header's height, with the blank line under it.
    static let height = 3

    /// The date line: `THURSDAY, 15 JANUARY`. Names come from the calendar, never the locale.
    static func dateLine(for date: CalendarDate) -> String {
        "\(date.weekdayName.uppercased()), \(date.day) \(date.monthName.uppercased())"
    }

    /// The header's lines, each exactly `width` columns: date, title with the card count, blank.
    static func lines(date: CalendarDate, cardCount: Int, width: Int, style: TerminalStyle) -> [String] {
        var dateRow = LineBuilder()
        dateRow.append(TextLayout.truncate(dateLine(for: date), to: width), styled: style.dim)
        var titleRow = LineBuilder()
        let title = TextLayout.truncate("Today", to: width)
        titleRow.append(title, styled: style.bold)
        let count = cardCount == 1 ? "1 card" : "\(cardCount) cards"
        if DisplayWidth.of(title) + 2 + DisplayWidth.of(count) <= width {
            titleRow.pad(to: width - DisplayWidth.of(count))
            titleRow.append(count, styled: style.dim)
        }
        return [dateRow.padded(to: width), titleRow.padded(to: width), String(repeating: " ", count: width)]
    }
}
