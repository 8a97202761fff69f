/// Serves the built-in snapshot (``EmbeddedNews``) page by page, exactly as a server would.
///
/// Each page is the JSON a server would send for it, decoded by ``NewsPage/decode(_:)``.
public struct EmbeddedNewsFetcher: NewsFetching {
    public let pageSize: Int

    /// A fetcher of `pageSize` items per page (values below 1 count as 1).
    public init(pageSize: Int = NewsFeedState.defaultPageSize) {
        self.pageSize = max(1, pageSize)
    }

    /// `"embedded"`.
    public var sourceName: String { EmbeddedNews.sourceName }

    public func fetchPage(_ page: Int) async throws(NewsError) -> NewsPage {
        try NewsPage.decode(EmbeddedNews.pageJSON(page: page, pageSize: pageSize))
    }
}
