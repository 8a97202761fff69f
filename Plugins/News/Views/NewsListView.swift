import ShopKit

/// Loaded news as a table: number, date, category, title; then a dimmed line saying how
/// much is loaded (table format only).
///
/// ```
///  # │ date      │ category │ title
/// ───┼───────────┼──────────┼──────────────────────────────────────────────
///  1 │ Today     │ release  │ Shop 4.2 is out: faster checkout and a new cart
/// 15 of 42 loaded · 'news more' loads the next page
/// ```
struct NewsListView: ValueView {
    /// The rows: each item with its number in the feed.
    let rows: [(number: Int, item: NewsItem)]
    let today: NewsDate?
    /// The status line under the table, if any.
    let status: String?

    /// Items `items` numbered from `firstNumber`.
    init(_ items: some Collection<NewsItem>, firstNumber: Int = 1, today: NewsDate?, status: String?) {
        self.rows = items.enumerated().map { (firstNumber + $0.offset, $0.element) }
        self.today = today
        self.status = status
    }

    func render(in context: RenderContext) -> String {
        let cells = rows.map { number, item in
            [
                String(number), NewsText.date(item.publishedDate, today: today), NewsText.inert(item.categoryType),
                NewsText.inert(item.title),
            ]
        }
        let headers = ["#", "date", "category", "title"]
        var lines: [String] = []
        if cells.isEmpty {
            lines.append("(no news)")
        } else {
            let table = Table(headers: headers, rows: cells, alignments: [.right, .left, .left, .left])
            lines.append(table.render(width: context.width, style: context.style))
        }
        if let status { lines.append(context.style.dim(status)) }
        return lines.joined(separator: "\n")
    }

    /// How much of the feed is loaded: `15 of 42 loaded · 'news more' loads the next page`,
    /// `all 42 loaded`; the ids of `dropped` items come first. Every count is one of
    /// `news.items`: a `totalCount` below it is not repeated.
    static func status(of feed: NewsFeedState, dropped: [Int] = []) -> String {
        let count = feed.items.count
        var parts: [String] = []
        if !dropped.isEmpty { parts.append(droppedText(dropped)) }
        if let total = feed.total, count >= total {
            parts.append("all \(count) loaded")
        } else if feed.exhausted {
            parts.append("\(count) loaded; the source has no more")
        } else {
            parts.append((feed.total.map { "\(count) of \($0) loaded" } ?? "\(count) loaded"))
            parts.append("'news more' loads the next page")
        }
        return parts.joined(separator: " · ")
    }

    /// `dropped 2 news whose id was already loaded: 14, 15`; a repeated id once, with its count
    /// (`7 ×14`); at most five ids.
    static func droppedText(_ dropped: [Int]) -> String {
        var counts: [Int: Int] = [:]
        var order: [Int] = []
        for id in dropped {
            if counts[id] == nil { order.append(id) }
            counts[id, default: 0] += 1
        }
        var ids = order.prefix(5).map { id in counts[id, default: 1] > 1 ? "\(id) ×\(counts[id, default: 1])" : "\(id)"
        }
        if order.count > 5 { ids.append("… (\(order.count - 5) more)") }
        return "dropped \(dropped.count) news whose id was already loaded: " + ids.joined(separator: ", ")
    }
}
