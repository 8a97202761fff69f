import ShopKit

/// The model of `news.items`: the decoded items with their records beside them, so adding a
/// page converts only the new items.
struct NewsItemList: Sendable {
    /// The items, in order.
    private(set) var items: GrowingList<NewsItem>
    /// The records, as the key stores them.
    private(set) var values: [Value]

    init(_ items: GrowingList<NewsItem>) {
        self.items = items
        values = items.map(\.value)
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
        self.items = items
        values = elements
    }

    /// This list grown to `all`, whose first items are this list's (a page appended to them):
    /// `all` is kept as it is, and only the new items are converted to records.
    ///
    /// The stored records are shared with the key's earlier value (undo keeps it), and a
    /// `Value.list` is an array, so they are copied into a new one, one by one:
    /// `append(contentsOf:)` on the shared array copied them through the runtime's generic
    /// per-element copy, about 95 instructions a record against 57 here.
    func extended(to all: GrowingList<NewsItem>) -> NewsItemList {
        var records: [Value] = []
        records.reserveCapacity(all.count)
        for record in values { records.append(record) }
        for item in all[items.count...] { records.append(item.value) }
        var list = self
        list.values = records
        list.items = all
        return list
    }
}
