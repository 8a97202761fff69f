import ShopKit

/// The `news.*` state keys (SPEC §4): what each holds, its first value, and what `state load`
/// accepts for it.
///
/// Together they are one ``NewsFeedState``; commands read it with ``feedState(from:)`` and
/// write it back only after a load has fully succeeded.
enum NewsKeys {
    static let items = "news.items"
    static let page = "news.page"
    static let total = "news.total"
    static let exhausted = "news.exhausted"
    static let source = "news.source"

    /// The declarations; each first value is built on first read.
    static var declarations: [StateKeyDeclaration] {
        [
            StateKeyDeclaration(
                key: items, abstract: "loaded news, in order: {id, title, description, publishedDate, url, …}",
                initialValue: { .list([]) }, validate: validateItems),
            StateKeyDeclaration(
                key: page, abstract: "the last page loaded (0 before any)", initialValue: { .int(0) },
                validate: { value throws(StateError) in
                    guard let page = value.intValue, page >= 0 else {
                        throw .invalidValue(key: NewsKeys.page, reason: "expected a whole number, 0 or more")
                    }
                }),
            StateKeyDeclaration(
                key: total, abstract: "totalCount from the source, or null", initialValue: { .null },
                validate: { value throws(StateError) in
                    guard value.isNull || (value.intValue ?? -1) >= 0 else {
                        throw .invalidValue(key: NewsKeys.total, reason: "expected a whole number, 0 or more, or null")
                    }
                }),
            StateKeyDeclaration(
                key: exhausted, abstract: "true once everything is loaded", initialValue: { .bool(false) },
                validate: { value throws(StateError) in
                    guard case .bool = value else {
                        throw .invalidValue(key: NewsKeys.exhausted, reason: "expected true or false")
                    }
                }),
            StateKeyDeclaration(
                key: source, abstract: "\"embedded\" or the base URL of the news API",
                initialValue: { .string(EmbeddedNews.sourceName) },
                validate: { value throws(StateError) in
                    guard case .string(let text) = value else {
                        throw .invalidValue(key: NewsKeys.source, reason: "expected \"embedded\" or a base URL")
                    }
                    guard text == EmbeddedNews.sourceName else {
                        do throws(NewsError) {
                            _ = try NewsEndpoint(base: text)
                        } catch {
                            throw .invalidValue(key: NewsKeys.source, reason: error.description)
                        }
                        return
                    }
                }),
        ]
    }

    private static func validateItems(_ value: Value) throws(StateError) {
        guard case .list(let elements) = value else {
            throw .invalidValue(key: items, reason: "expected a list of news records")
        }
        var seen: Set<Int> = []
        for (index, element) in elements.enumerated() {
            let item: NewsItem
            do throws(NewsValueError) {
                item = try NewsItem(value: element)
            } catch {
                throw .invalidValue(key: items, reason: "item \(index + 1): \(error.reason)")
            }
            guard seen.insert(item.id).inserted else {
                throw .invalidValue(key: items, reason: "item \(index + 1): id \(item.id) appears twice")
            }
        }
    }

    /// The feed as the keys hold it; `items` are the decoded `news.items`.
    static func feedState(from state: StateAccess, items: [NewsItem]) throws -> NewsFeedState {
        NewsFeedState(
            items: items, page: try state.value(page).intValue ?? 0, total: try state.value(total).intValue,
            exhausted: try state.value(exhausted) == .bool(true),
            source: try state.value(source).stringValue ?? EmbeddedNews.sourceName)
    }

    /// The decoded `news.items`.
    static func items(from state: StateAccess) throws -> [NewsItem] {
        guard case .list(let elements) = try state.value(items) else { return [] }
        var decoded: [NewsItem] = []
        decoded.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            do throws(NewsValueError) {
                decoded.append(try NewsItem(value: element))
            } catch {
                throw StateError.invalidValue(key: items, reason: "item \(index + 1): \(error.reason)")
            }
        }
        return decoded
    }

    /// Writes `new` over `old`: only the keys that differ. With `appendedTo`, `new`'s items
    /// are the first `appendedTo` stored items followed by new ones (a page was added), and
    /// only those are converted and appended to the stored list; `old.items` is not read.
    static func write(
        _ new: NewsFeedState, over old: NewsFeedState, appendedTo count: Int? = nil, to state: StateAccess
    ) throws {
        if let count {
            if new.items.count > count, case .list(var stored) = try state.value(items), stored.count == count {
                stored.append(contentsOf: new.items[count...].map(\.value))
                try state.set(items, to: .list(stored))
            } else if new.items.count != count {
                try state.set(items, to: .list(new.items.map(\.value)))
            }
        } else if new.items != old.items {
            try state.set(items, to: .list(new.items.map(\.value)))
        }
        if new.page != old.page { try state.set(page, to: .int(new.page)) }
        if new.total != old.total { try state.set(total, to: Value(new.total)) }
        if new.exhausted != old.exhausted { try state.set(exhausted, to: .bool(new.exhausted)) }
        if new.source != old.source { try state.set(source, to: .string(new.source)) }
    }
}
