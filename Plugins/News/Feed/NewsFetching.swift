/// A source of news pages: the HTTP API or the embedded snapshot.
///
/// A fetcher is the source's whole configuration (where, how many per page); loading state
/// lives in ``NewsFeedState``. Both implementations decode through ``NewsPage/decode(_:)``,
/// so the embedded snapshot exercises the same code path as a server.
///
/// ```swift
/// struct FixedFetcher: NewsFetching {
///     let sourceName = "fixed"
///     let pageSize = 2
///     func fetchPage(_ page: Int) async throws(NewsError) -> NewsPage {
///         let items = page == 1 ? [NewsItem(id: 1, title: "One"), NewsItem(id: 2, title: "Two")] : []
///         return NewsPage(items: items, totalCount: 2)
///     }
/// }
/// ```
public protocol NewsFetching: Sendable {
    /// What `news.source` shows: `"embedded"` or the normalised base URL.
    var sourceName: String { get }
    /// Items requested per page (at least 1).
    var pageSize: Int { get }
    /// Page `page` (from 1) of ``pageSize`` items.
    func fetchPage(_ page: Int) async throws(NewsError) -> NewsPage
}
