import HTTPTransport
import NewsPlugin
import ShopTestSupport
import Testing

/// A started fixture server that stops when the test leaves the closure.
func withFixtureServer<T>(
    newsTotalCount: Int = 40, _ body: (FixtureServer) async throws -> T
) async throws -> T {
    let server = FixtureServer(newsTotalCount: newsTotalCount)
    try server.start()
    defer { server.stop() }
    return try await body(server)
}

/// An HTTP fetcher of `server`'s news API.
func httpFetcher(_ server: FixtureServer, pageSize: Int = 15, timeout: Double = 30) throws -> HTTPNewsFetcher {
    HTTPNewsFetcher(
        endpoint: try NewsEndpoint(base: server.baseURL), client: newsClient(timeout: timeout), pageSize: pageSize)
}

/// The news client over libcurl, as `shop` makes it.
func newsClient(timeout: Double = 30, maxBodyBytes: Int = NewsAPIClient.defaultMaxBodyBytes) -> NewsAPIClient {
    NewsAPIClient(http: CurlTransport(), timeout: timeout, maxBodyBytes: maxBodyBytes)
}

/// The error `body` throws, or nil.
func newsError(_ body: () async throws -> some Any) async -> NewsError? {
    do {
        _ = try await body()
        return nil
    } catch {
        return error as? NewsError
    }
}

/// The JSON text of a page of items with ids `ids`.
func pageJSON(ids: some Sequence<Int>, totalCount: Int?) -> String {
    let items = ids.map { #"{"id":\#($0),"title":"Item \#($0)"}"# }.joined(separator: ",")
    return #"{"news":[\#(items)],"totalCount":\#(totalCount.map(String.init) ?? "null")}"#
}

extension Duration {
    var seconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
