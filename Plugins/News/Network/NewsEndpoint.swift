import Foundation

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

    private let baseURL: URL

    /// Checks and normalises `base`; throws ``NewsError/invalidURL(_:reason:)`` naming it.
    public init(base: String) throws(NewsError) {
        let trimmed = base.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw .invalidURL(base, reason: "empty") }
        guard var components = URLComponents(string: trimmed) else {
            throw .invalidURL(base, reason: "not a url")
        }
        guard let scheme = components.scheme?.lowercased() else {
            throw .invalidURL(base, reason: "no scheme; start it with 'http://' or 'https://'")
        }
        guard scheme == "http" || scheme == "https" else {
            let hint = components.host == nil ? "; start it with 'http://' or 'https://'" : ""
            throw .invalidURL(base, reason: "scheme '\(scheme)' is not http or https\(hint)")
        }
        guard let host = components.host, !host.isEmpty else {
            throw .invalidURL(base, reason: "no host")
        }
        components.scheme = scheme
        components.fragment = nil
        var path = components.percentEncodedPath
        while path.hasSuffix("/") { path.removeLast() }
        components.percentEncodedPath = path
        guard let url = components.url else {
            throw .invalidURL(base, reason: "not a url")
        }
        self.baseURL = url
        self.base = url.absoluteString
    }

    /// The URL of page `page` (from 1) with `pageSize` items per page.
    public func pageURL(page: Int, pageSize: Int) -> URL {
        baseURL.appending(path: "api/news/\(page)/\(pageSize)")
    }

    public var description: String { base }
}
