import ShopPluginAPI

/// Reads pages from `GET {base}/api/news/{page}/{pageSize}`.
///
/// ```swift
/// let fetcher = HTTPNewsFetcher(endpoint: try NewsEndpoint(base: url), client: NewsAPIClient(http: http, timeout: 5))
/// let page = try await fetcher.fetchPage(1)
/// ```
public struct HTTPNewsFetcher: NewsFetching {
    public let endpoint: NewsEndpoint
    public let pageSize: Int
    private let client: NewsAPIClient

    /// A fetcher of `pageSize` items per page (values below 1 count as 1).
    public init(endpoint: NewsEndpoint, client: NewsAPIClient, pageSize: Int = NewsFeedState.defaultPageSize) {
        self.endpoint = endpoint
        self.client = client
        self.pageSize = max(1, pageSize)
    }

    public var sourceName: String { endpoint.base }

    public func fetchPage(_ page: Int) async throws(NewsError) -> NewsPage {
        let response = try await client.get(endpoint.pageURL(page: page, pageSize: pageSize))
        return try NewsPage.decode(response.body)
    }
}
