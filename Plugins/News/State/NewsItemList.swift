import ShopKit

/// The model of `news.items`: the decoded items with their records beside them, so adding a
/// page converts only the new items.
struct NewsItemList: Sendable {
    /// The items, in order.
    private(set) var items: [NewsItem]
    /// The records, as the key stores them.
    private(set) var values: [Value]

    init(_ items: [NewsItem]) {
        self.items = items
        values = items.map(\.value)
    }

    /// Decodes a stored list; the reason names the item that is wrong.
    init(value: Value) throws(StateError) {
        guard let elements = value.listValue else {
            throw .invalidValue(key: NewsKeys.items.name, reason: "expected a list of news records")
        }
        var items: [NewsItem] = []
        items.reserveCapacity(elements.count)
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
        self.items = items
        values = elements
    }

    /// The list with `new` appended.
    func appending(_ new: ArraySlice<NewsItem>) -> NewsItemList {
        var list = self
        list.items.append(contentsOf: new)
        list.values.append(contentsOf: new.map(\.value))
        return list
    }
}
