import HTTPArchive
import ShopPluginAPI

/// What a news command works with: its invocation, the session's ``NewsSession``, and the
/// feed kept in the `news.*` keys.
///
/// Loads go through the session's repository (one at a time) and are written to the keys
/// only once they fully succeeded, so a failed or cancelled load leaves the state as it was.
struct NewsContext {
    let invocation: Invocation
    let session: NewsSession

    init(_ invocation: Invocation) {
        self.invocation = invocation
        self.session = invocation.sessionObject { NewsSession() }
    }

    /// The feed as the state keys hold it (decoded once per change, by the keys).
    func feed() throws -> NewsFeedState {
        try NewsKeys.feedState(from: invocation.state)
    }

    /// The settings of the current source.
    func settings(of feed: NewsFeedState) -> NewsSourceSettings {
        session.settings(for: feed.source)
    }

    /// Writes `new` over `old` in the state keys; see ``NewsKeys/write(_:over:appendedTo:to:)``.
    func write(_ new: NewsFeedState, over old: NewsFeedState, appendedTo count: Int? = nil) throws {
        try NewsKeys.write(new, over: old, appendedTo: count, to: invocation.state)
    }

    /// Loads the page after `feed` (stopping without a request when everything is loaded),
    /// writes the new feed, and answers what happened with the new feed.
    func loadNext(after feed: consuming NewsFeedState) async throws -> (result: NewsLoadResult, feed: NewsFeedState) {
        invocation.console.flush()
        let fetcher = try session.fetcher(for: settings(of: feed), environment: invocation.environment)
        defer { reportRecordingProblem() }
        let count = feed.items.count
        var previous = copy feed
        previous.items = []
        let spinner = spinner(for: previous.source)
        let loaded: (result: NewsLoadResult, state: NewsFeedState)
        do {
            loaded = try await session.repository.loadNext(after: feed, from: fetcher)
        } catch {
            await spinner.stop()
            throw error
        }
        await spinner.stop()
        let (result, next) = loaded
        try write(next, over: previous, appendedTo: count)
        return (result, next)
    }

    /// Reloads page 1 in place of everything loaded, writes the new feed, and answers it.
    func refresh(_ feed: NewsFeedState) async throws -> (result: NewsLoadResult, feed: NewsFeedState) {
        invocation.console.flush()
        let fetcher = try session.fetcher(for: settings(of: feed), environment: invocation.environment)
        defer { reportRecordingProblem() }
        let spinner = spinner(for: feed.source)
        let loaded: (result: NewsLoadResult, state: NewsFeedState)
        do {
            loaded = try await session.repository.refresh(feed, from: fetcher)
        } catch {
            await spinner.stop()
            throw error
        }
        await spinner.stop()
        let (result, next) = loaded
        try write(next, over: feed)
        return (result, next)
    }

    /// Says so, once, when the archive being recorded could no longer be written.
    func reportRecordingProblem() {
        if let problem = session.takeRecordingProblem() { invocation.console.warning(problem.description) }
    }

    /// A spinner for a load from `source`, shown only at the prompt and only when the load is slow.
    private func spinner(for source: String) -> NewsSpinner {
        NewsSpinner(terminal: invocation.console.terminal, label: "loading news from \(source)…")
    }

    /// The feed, with page 1 loaded first when nothing has been loaded from the source yet.
    func loadedFeed() async throws -> NewsFeedState {
        try await loadedFeedWithDrops().feed
    }

    /// ``loadedFeed()`` with the ids page 1 dropped as already loaded, when it was loaded now.
    func loadedFeedWithDrops() async throws -> (feed: NewsFeedState, dropped: [Int]) {
        let feed = try feed()
        guard feed.page == 0 else { return (feed, []) }
        let (result, loaded) = try await loadNext(after: feed)
        guard case .loaded(_, _, let dropped) = result else { return (loaded, []) }
        return (loaded, dropped)
    }

    /// The item numbered `number` (from 1) in `feed`, or an error saying which numbers exist.
    func item(_ number: Int, in feed: NewsFeedState) throws(NewsCommandError) -> NewsItem {
        guard number >= 1, number <= feed.items.count else {
            var more = false
            if case .fetch = feed.nextStep(pageSize: settings(of: feed).pageSize) { more = true }
            throw .noSuchNews(number: number, loaded: feed.items.count, more: more)
        }
        return feed.items[number - 1]
    }

    /// Today on the session's clock, for `Today` and `Yesterday`.
    var today: NewsDate? {
        NewsDate.today(on: invocation.environment.clock)
    }

    /// A news number argument, completed with 1 to the count of loaded news, in order.
    static func number<T: ArgumentShape>(_ type: T.Type = T.self) -> Argument<T> where T.Scalar == Int {
        Argument<T>(
            "N", "the news number",
            completion: .custom { request in
                let count = request.state.model(NewsKeys.items)?.items.count ?? 0
                return count > 0 ? (1...count).map(String.init) : []
            })
    }
}
