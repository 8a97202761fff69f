import ShopPluginAPI

/// Owns a ``NewsFeedState`` and a source, and loads pages one at a time.
///
/// A load that fails or is cancelled leaves the state exactly as it was; a load started
/// while another is running is refused with ``NewsError/loadInProgress`` (no request is
/// made). The state can be seeded from, and written back to, the command layer's store.
///
/// ```swift
/// let repository = NewsRepository(fetcher: EmbeddedNewsFetcher())
/// let result = try await repository.loadNext()   // .loaded(page: 1, added: 15, dropped: [])
/// let state = await repository.state             // items, page, total, exhausted, source
/// ```
public actor NewsRepository {
    /// The feed as loaded so far.
    public private(set) var state: NewsFeedState
    /// The source pages come from.
    public private(set) var fetcher: any NewsFetching
    /// True while a request is in flight.
    public private(set) var isLoading = false

    /// A repository over `fetcher`, starting from `state` (a fresh feed when nil).
    public init(fetcher: any NewsFetching, state: NewsFeedState? = nil) {
        self.fetcher = fetcher
        self.state = state ?? NewsFeedState(source: fetcher.sourceName)
    }

    /// Loads the next page, or stops without a request when everything is loaded.
    public func loadNext() async throws(NewsError) -> NewsLoadResult {
        let pageSize = fetcher.pageSize
        switch state.nextStep(pageSize: pageSize) {
        case .stop(let reason):
            guard !isLoading else { throw .loadInProgress }
            return .stopped(reason)
        case .fetch(let page):
            let fetched = try await exclusively { fetcher throws(NewsError) in try await fetcher.fetchPage(page) }
            let (added, dropped) = state.append(fetched, asPage: page, pageSize: pageSize)
            return .loaded(page: page, added: added, dropped: dropped)
        }
    }

    /// Reloads page 1 and replaces every loaded item.
    public func refresh() async throws(NewsError) -> NewsLoadResult {
        let pageSize = fetcher.pageSize
        let fetched = try await exclusively { fetcher throws(NewsError) in try await fetcher.fetchPage(1) }
        let update = state.replacing(with: fetched, pageSize: pageSize)
        state = update.state
        return .loaded(page: 1, added: update.added, dropped: update.dropped)
    }

    /// Loads the page after `state` from `fetcher`, and answers the new state with the result.
    ///
    /// For callers that keep the feed elsewhere (the commands keep it in the session's state
    /// store): the repository takes `state` and `fetcher` as its own, loads as ``loadNext()``
    /// does, and hands the state back without keeping it, so a caller that passed the only
    /// reference to the items gets them appended in place. Refused with
    /// ``NewsError/loadInProgress`` while a load runs.
    public func loadNext(
        after state: consuming NewsFeedState, from fetcher: any NewsFetching
    ) async throws(NewsError) -> (result: NewsLoadResult, state: NewsFeedState) {
        try adopt(state, fetcher)
        let result = try await loadNext()
        return (result, handBack())
    }

    /// Reloads page 1 from `fetcher` in place of `state`'s items, and answers the new state;
    /// like ``loadNext(after:from:)`` for ``refresh()``.
    public func refresh(
        _ state: NewsFeedState, from fetcher: any NewsFetching
    ) async throws(NewsError) -> (result: NewsLoadResult, state: NewsFeedState) {
        try adopt(state, fetcher)
        let result = try await refresh()
        return (result, handBack())
    }

    /// Replaces the state, e.g. after the command layer's undo; refused during a load.
    public func restore(_ state: NewsFeedState) throws(NewsError) {
        guard !isLoading else { throw .loadInProgress }
        self.state = state
    }

    /// Takes `state` and `fetcher` as the repository's own; refused during a load.
    private func adopt(_ state: consuming NewsFeedState, _ fetcher: any NewsFetching) throws(NewsError) {
        guard !isLoading else { throw .loadInProgress }
        self.fetcher = fetcher
        self.state = state
    }

    /// The state, leaving an empty feed of the same source in its place.
    private func handBack() -> NewsFeedState {
        let empty = NewsFeedState(source: state.source)
        defer { state = empty }
        return state
    }

    /// Runs one fetch with ``isLoading`` set, refusing to start a second one.
    private func exclusively(
        _ fetch: (any NewsFetching) async throws(NewsError) -> NewsPage
    ) async throws(NewsError) -> NewsPage {
        guard !isLoading else { throw .loadInProgress }
        isLoading = true
        defer { isLoading = false }
        let fetched = try await fetch(fetcher)
        if Task.isCancelled { throw .http(.cancelled(url: fetcher.sourceName)) }
        return fetched
    }
}
