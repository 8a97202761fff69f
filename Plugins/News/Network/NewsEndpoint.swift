import ShopPluginAPI

/// The news API of one server: `GET {base}/api/news/{page}/{pageSize}`.
///
/// The base is checked once, when the endpoint is made: it must be an absolute `http` or
/// `https` URL with a host. Blanks around it and trailing slashes are dropped, characters
/// that may not appear in a URL are percent-encoded, and a query is kept on every page URL.
///
/// ```swift
/// let endpoint = try NewsEndpoint(base: "http://127.0.0.1:8080/")
/// endpoint.pageURL(page: 2, pageSize: 15)   // http://127.0.0.1:8080/api/news/2/15
/// ```
public struct NewsEndpoint: Sendable, Equatable, CustomStringConvertible {
    /// The normalised base, without a trailing slash; also the feed's `news.source`.
    public let base: String

    private let baseURL: WebURL

    /// Checks and normalises `base`; throws ``NewsError/invalidURL(_:reason:)`` naming it.
    public init(base: String) throws(NewsError) {
        let hint = "; start it with 'http://' or 'https://'"
        var url: WebURL
        do throws(WebURL.ParseError) {
            url = try WebURL(parsing: base)
        } catch {
            switch error {
            case .noScheme: throw .invalidURL(base, reason: "no scheme" + hint)
            case .noHost(let scheme) where scheme != "http" && scheme != "https":
                throw .invalidURL(base, reason: "scheme '\(scheme)' is not http or https" + hint)
            default: throw .invalidURL(base, reason: error.reason)
            }
        }
        guard url.scheme == "http" || url.scheme == "https" else {
            throw .invalidURL(base, reason: "scheme '\(url.scheme)' is not http or https")
        }
        while url.path.hasSuffix("/") { url.path.removeLast() }
        baseURL = url
        self.base = url.description
    }

    /// The URL of page `page` (from 1) with `pageSize` items per page.
    public func pageURL(page: Int, pageSize: Int) -> String {
        baseURL.appendingPath("api/news/\(page)/\(pageSize)").description
    }

    public var description: String { base }
}
