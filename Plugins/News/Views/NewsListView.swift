import ShopPluginAPI

/// Loaded news as a table: number, then date, category and title under their field names
/// (what `where` and `select` take); then a dimmed line saying how much is loaded (table
/// format only).
///
/// ```
///  # │ publishedDate │ categoryType │ title
/// ───┼───────────────┼──────────────┼──────────────────────────────────────────
///  1 │ Today         │ release      │ Shop 4.2 is out: faster checkout and a new cart
/// 15 of 42 loaded · 'news more' loads the next page
/// ```
struct NewsListView: ValueView {
    /// The rows: each item with its number in the feed.
    let rows: [(number: Int, item: NewsItem)]
    /// The session's clock, read for `Today` and `Yesterday` when the table is drawn.
    let clock: SessionClock
    /// The feed and the ids its last load dropped, worded into the status line only when the
    /// table is drawn: a result shown as JSON words none.
    let feed: NewsFeedState
    let dropped: [Int]

    /// Items `items` numbered from `firstNumber`, of `feed`, whose last load dropped `dropped`.
    init(
        _ items: some Collection<NewsItem>, firstNumber: Int = 1, clock: SessionClock, feed: NewsFeedState,
        dropped: [Int]
    ) {
        self.rows = items.enumerated().map { (firstNumber + $0.offset, $0.element) }
        self.clock = clock
        self.feed = feed
        self.dropped = dropped
    }

    func render(in context: RenderContext) -> String {
        let today = NewsDate.today(on: clock)
        let cells = rows.map { number, item in
            [
                String(number), NewsText.date(item.publishedDate, today: today), NewsText.inert(item.categoryType),
                NewsText.inert(item.title),
            ]
        }
        let headers = ["#", "publishedDate", "categoryType", "title"]
        var lines: [String] = []
        if cells.isEmpty {
            lines.append("(no news)")
        } else {
            let table = Table(headers: headers, rows: cells, alignments: [.right, .left, .left, .left])
            lines.append(table.render(width: context.width, style: context.style))
        }
        lines.append(context.style.dim(Self.status(of: feed, dropped: dropped)))
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
