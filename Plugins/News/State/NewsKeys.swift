import ShopPluginAPI

/// The `news.*` state keys: what each holds, its type, its first value, and its
/// decode (what `state load` accepts).
///
/// Together they are one ``NewsFeedState``; commands read it with ``feedState(from:)`` and
/// write it back only after a load has fully succeeded.
enum NewsKeys {
    static let items = StateKey<NewsItemList>(
        "news.items", abstract: "loaded news, in order: {id, title, description, publishedDate, url, …}",
        type: .list(of: .record), initial: NewsItemList([]),
        decode: { value, _ throws(StateError) in try NewsItemList(value: value) }, encode: \.value)

    static let page = StateKey<Int>(
        "news.page", abstract: "the last page loaded (0 before any)", type: .int, initial: 0,
        decode: { value, _ throws(StateError) in
            guard let page = value.intValue, page >= 0 else {
                throw .invalidValue(key: "news.page", reason: "expected a whole number, 0 or more")
            }
            return page
        },
        encode: { .int($0) })

    static let total = StateKey<Int?>(
        "news.total", abstract: "totalCount from the source, or null", type: .optional(.int), initial: nil,
        decode: { value, _ throws(StateError) in
            guard value.isNull || (value.intValue ?? -1) >= 0 else {
                throw .invalidValue(key: "news.total", reason: "expected a whole number, 0 or more, or null")
            }
            return value.intValue
        },
        encode: { Value($0) })

    static let exhausted = StateKey<Bool>(
        "news.exhausted", abstract: "true once everything is loaded", type: .bool, initial: false,
        decode: { value, _ throws(StateError) in
            guard case .bool(let exhausted) = value else {
                throw .invalidValue(key: "news.exhausted", reason: "expected true or false")
            }
            return exhausted
        },
        encode: { .bool($0) })

    static let source = StateKey<String>(
        "news.source", abstract: "\"embedded\" or the base URL of the news API", type: .string,
        initial: EmbeddedNews.sourceName,
        decode: { value, _ throws(StateError) in
            guard case .string(let text) = value else {
                throw .invalidValue(key: "news.source", reason: "expected \"embedded\" or a base URL")
            }
            guard text != EmbeddedNews.sourceName else { return text }
            do throws(NewsError) {
                _ = try NewsEndpoint(base: text)
            } catch {
                throw .invalidValue(key: "news.source", reason: error.description)
            }
            return text
        },
        encode: { .string($0) })

    /// The declarations; each first value is built on first read.
    static let declarations = [
        items.declaration, page.declaration, total.declaration, exhausted.declaration, source.declaration,
    ]

    /// The feed as the keys hold it.
    static func feedState(from state: StateAccess) throws -> NewsFeedState {
        NewsFeedState(
            items: try state[items], page: try state[page], total: try state[total],
            exhausted: try state[exhausted], source: try state[source])
    }

    /// Writes `new` over `old`: only the keys that differ. With `appendedTo`, `new`'s items
    /// are the first `appendedTo` stored items followed by new ones (a page was added), so
    /// their count tells whether they changed; `old.items` is not compared.
    static func write(
        _ new: NewsFeedState, over old: NewsFeedState, appendedTo count: Int? = nil, to state: StateAccess
    ) throws {
        if let count {
            if new.items.count != count {
                try state.set(items, to: NewsItemList(new.items, idSpan: new.loadedIDs))
            }
        } else if new.items != old.items {
            try state.set(items, to: NewsItemList(new.items, idSpan: new.loadedIDs))
        }
        if new.page != old.page { try state.set(page, to: new.page) }
        if new.total != old.total { try state.set(total, to: new.total) }
        if new.exhausted != old.exhausted { try state.set(exhausted, to: new.exhausted) }
        if new.source != old.source { try state.set(source, to: new.source) }
    }
}
