import Foundation

/// Fetches URLs over `URLSession` with a timeout, a body size limit and prompt cancellation.
///
/// - The timeout is the longest wait for the server's next bytes (connecting, the header,
///   each chunk of the body); fractions of a second work.
/// - A `Content-Length` over the limit is refused before any of the body is read; a body
///   without a length is abandoned as soon as it passes the limit.
/// - A status of 400 or more is refused as soon as the header arrives.
/// - Cancelling the calling task answers `cancelled` at once and cancels the request.
/// - `URLSession` follows redirects; its connections stay open between requests.
///
/// ```swift
/// let client = NewsAPIClient(timeout: 5)
/// let response = try await client.get(endpoint.pageURL(page: 1, pageSize: 15))
/// ```
public final class NewsAPIClient: HTTPFetching {
    /// The body size limit used unless another is given: 10 MB.
    public static let defaultMaxBodyBytes = 10 * 1024 * 1024
    /// The timeout used unless another is given, in seconds.
    public static let defaultTimeout: Double = 15

    /// Seconds to wait for the server's next bytes.
    public let timeout: Double
    /// The largest body accepted, in bytes.
    public let maxBodyBytes: Int

    private let transport: URLSessionTransport

    /// A client with its own `URLSession` (no cache, no cookies); `timeout` in seconds, above 0.
    public init(timeout: Double = NewsAPIClient.defaultTimeout, maxBodyBytes: Int = NewsAPIClient.defaultMaxBodyBytes) {
        self.timeout = timeout
        self.maxBodyBytes = maxBodyBytes
        transport = URLSessionTransport(timeout: timeout, maxBodyBytes: maxBodyBytes)
    }

    public func get(_ url: URL) async throws(NewsError) -> HTTPResponse {
        switch url.scheme?.lowercased() {
        case "http", "https": return try await transport.get(url)
        default: throw .invalidURL(url.absoluteString, reason: "unsupported url")
        }
    }
}
