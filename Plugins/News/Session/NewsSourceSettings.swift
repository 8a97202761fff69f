import ShopPluginAPI

/// Where news come from and how they are asked for: the source, items per page, and the
/// timeout of HTTP requests.
///
/// `news.source` holds only ``source``; the page size and timeout given with
/// `news source` are kept per source by ``NewsSession`` for the rest of the session.
struct NewsSourceSettings: Hashable, Sendable {
    /// The largest page size `news source --page-size` accepts.
    static let maximumPageSize = 1000
    /// The longest timeout `news source --timeout` accepts, in seconds.
    static let maximumTimeout: Double = 600

    /// `"embedded"` or a normalised base URL.
    var source: String
    /// Items per page, at least 1.
    var pageSize: Int = NewsFeedState.defaultPageSize
    /// Seconds a whole request may take (unused by the embedded source).
    var timeout: Double = NewsAPIClient.defaultTimeout

    /// Whether this is the built-in snapshot.
    var isEmbedded: Bool { source == EmbeddedNews.sourceName }

    /// Whether the source is an HTTP archive replayed with no network.
    var isArchive: Bool { NewsArchive.isArchive(source) }

    /// The fetcher for these settings, reaching servers through `http`; throws when
    /// ``source`` is not a usable base URL.
    func makeFetcher(http: any HTTPTransport) throws(NewsError) -> any NewsFetching {
        if isEmbedded { return EmbeddedNewsFetcher(pageSize: pageSize) }
        return HTTPNewsFetcher(
            endpoint: try NewsEndpoint(base: source), client: NewsAPIClient(http: http, timeout: timeout),
            pageSize: pageSize)
    }
}
