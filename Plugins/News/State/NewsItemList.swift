import ShopPluginAPI

/// The model of `news.items`: the decoded items. Its value, a record for each item, is made
/// only when something reads the key (the store encodes a model when it is first read), so
/// adding a page stores the items and converts nothing.
struct NewsItemList: Sendable {
    /// The items, in order; versions share the items they have in common (undo keeps them).
    let items: GrowingList<NewsItem>
    /// No item's id is outside these; nil when there are none (see ``NewsFeedState``).
    let idSpan: ClosedRange<Int>?

    init(_ items: GrowingList<NewsItem>) {
        self.init(items, idSpan: Self.idSpan(of: items))
    }

    /// Items whose ids are known to lie within `idSpan`.
    init(_ items: GrowingList<NewsItem>, idSpan: ClosedRange<Int>?) {
        self.items = items
        self.idSpan = idSpan
    }

    /// The lowest and highest id of `items`; nil when there are none.
    static func idSpan(of items: GrowingList<NewsItem>) -> ClosedRange<Int>? {
        guard let first = items.first?.id else { return nil }
        var (low, high) = (first, first)
        for item in items {
            low = min(low, item.id)
            high = max(high, item.id)
        }
        return low...high
    }

    /// The records the key holds, one for each item.
    var value: Value {
        .list(items.map(\.value))
    }

    /// Decodes a stored list; the reason names the item that is wrong.
    init(value: Value) throws(StateError) {
        guard let elements = value.listValue else {
            throw .invalidValue(key: NewsKeys.items.name, reason: "expected a list of news records")
        }
        var items = GrowingList<NewsItem>()
        var seen: Set<Int> = []
        for (index, element) in elements.enumerated() {
            let item: NewsItem
            do throws(NewsValueError) {
                item = try NewsItem(value: element)
            } catch {
                throw .invalidValue(key: NewsKeys.items.name, reason: "item \(index + 1): \(error.reason)")
            }
            guard seen.insert(item.id).inserted else {
                throw .invalidValue(key: NewsKeys.items.name, reason: "item \(index + 1): id \(item.id) appears twice")
            }
            items.append(item)
        }
        self.init(items)
    }
}
