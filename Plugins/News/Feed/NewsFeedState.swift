import ShopPluginAPI

/// Everything known about the loaded feed, as plain data: the `news.*` state keys.
///
/// The state changes only through the pure functions below, so the command layer can keep
/// it in its state store, rebuild it from there, and undo it; ``NewsRepository`` is one
/// owner of it that also makes the requests.
///
/// ```swift
/// var state = NewsFeedState(source: fetcher.sourceName)
/// if case .fetch(let page) = state.nextStep(pageSize: fetcher.pageSize) {
///     state = state.appending(try await fetcher.fetchPage(page), asPage: page, pageSize: fetcher.pageSize).state
/// }
/// ```
public struct NewsFeedState: Equatable, Sendable {
    /// Items per page unless a source says otherwise.
    public static let defaultPageSize = 15

    /// Loaded items in order, each id once (`news.items`). A ``GrowingList``: the state
    /// before a page, which undo keeps, shares its items with the state after it.
    public var items: GrowingList<NewsItem> {
        get { loaded }
        set {
            loaded = newValue
            loadedIDs = NewsItemList.idSpan(of: newValue)
        }
    }
    private var loaded: GrowingList<NewsItem>
    /// No loaded id is outside these; nil when none is loaded. A page whose ids are all
    /// outside them (pages come in order) is checked against no loaded item: looking at each
    /// on every page was 75,000 visits for 100 pages. The state keys keep it with the items.
    private(set) var loadedIDs: ClosedRange<Int>?
    /// The last page loaded; 0 before any (`news.page`).
    public var page: Int
    /// `totalCount` from the last page, when the source gave one (`news.total`).
    public var total: Int?
    /// True once the source has nothing more (`news.exhausted`).
    public var exhausted: Bool
    /// `"embedded"` or the base URL (`news.source`).
    public var source: String

    public init(
        items: GrowingList<NewsItem> = [], page: Int = 0, total: Int? = nil, exhausted: Bool = false, source: String
    ) {
        self.init(items: NewsItemList(items), page: page, total: total, exhausted: exhausted, source: source)
    }

    /// The state with the items the state keys hold, their id span already known.
    init(items: NewsItemList, page: Int, total: Int?, exhausted: Bool, source: String) {
        loaded = items.items
        loadedIDs = items.idSpan
        self.page = page
        self.total = total
        self.exhausted = exhausted
        self.source = source
    }

    /// What loading more should do now: fetch a page, or stop without a request.
    ///
    /// A `totalCount` below what is loaded (a server that says 0 and sends 15) counts as
    /// reached: the message then names the loaded count, which is what `news.items` holds.
    public func nextStep(pageSize: Int) -> NewsFeedStep {
        if page == 0 { return .fetch(page: 1) }
        if let total, items.count >= total { return .stop(.reachedTotal(items.count)) }
        if exhausted { return .stop(.sourceExhausted) }
        return .fetch(page: page + 1)
    }

    /// The state after page `number` arrived: new ids appended, duplicates dropped, the
    /// total updated, and ``exhausted`` set when the page was short or empty or the total
    /// is reached.
    public func appending(_ fetched: NewsPage, asPage number: Int, pageSize: Int) -> NewsFeedUpdate {
        var next = self
        let (added, dropped) = next.append(fetched, asPage: number, pageSize: pageSize)
        return NewsFeedUpdate(state: next, added: added, dropped: dropped)
    }

    /// Applies page `number` in place, as ``appending(_:asPage:pageSize:)`` describes; the
    /// loaded items are not copied (see ``items``). Answers how many were added and the ids
    /// of those dropped, in page order.
    public mutating func append(
        _ fetched: NewsPage, asPage number: Int, pageSize: Int
    ) -> (added: Int, dropped: [Int]) {
        // Which of the page's ids are taken (loaded before, or earlier in the page), found by a
        // binary search in the page's ids sorted, cheaper than hashing them into sets. Only the loaded ids the page repeats are looked for: a loaded id outside the
        // page's range is passed over with two comparisons (pages come in order, so usually
        // none is looked up).
        let ids = fetched.items.map(\.id).sorted()
        var taken = [Bool](repeating: false, count: ids.count)
        if let low = ids.first, let high = ids.last, loadedIDs?.overlaps(low...high) == true {
            // One unsigned comparison for the range, over the items where they are.
            let span = UInt(bitPattern: high &- low)
            _ = loaded.withContiguousStorageIfAvailable { loaded in
                for item in loaded where UInt(bitPattern: item.id &- low) <= span {
                    if let position = Self.position(of: item.id, in: ids) { taken[position] = true }
                }
            }
        }
        let before = items.count
        var new: [NewsItem] = []
        new.reserveCapacity(fetched.items.count)
        var dropped: [Int] = []
        for item in fetched.items {
            if let position = Self.position(of: item.id, in: ids), !taken[position] {
                taken[position] = true
                new.append(item)
            } else {
                dropped.append(item.id)
            }
        }
        loaded.append(contentsOf: new)
        if let low = ids.first, let high = ids.last, !new.isEmpty {
            loadedIDs = loadedIDs.map { min($0.lowerBound, low)...max($0.upperBound, high) } ?? low...high
        }
        let added = items.count - before
        page = number
        total = fetched.totalCount ?? total
        let short = fetched.items.count < max(1, pageSize)
        let complete = total.map { items.count >= $0 } ?? false
        exhausted = short || complete
        return (added, dropped)
    }

    /// Where `id` first stands in `sorted`, or nil when it is not there.
    private static func position(of id: Int, in sorted: [Int]) -> Int? {
        var (low, high) = (0, sorted.count)
        while low < high {
            let middle = (low + high) / 2
            if sorted[middle] < id { low = middle + 1 } else { high = middle }
        }
        return low < sorted.count && sorted[low] == id ? low : nil
    }

    /// The state after a refresh: page 1 replaces everything loaded before.
    public func replacing(with firstPage: NewsPage, pageSize: Int) -> NewsFeedUpdate {
        NewsFeedState(source: source).appending(firstPage, asPage: 1, pageSize: pageSize)
    }
}
