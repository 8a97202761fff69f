import Foundation
import Synchronization

/// Fetches URLs with a timeout, a body size limit and prompt cancellation.
///
/// `http` URLs go over plain sockets (``PlainHTTPTransport``: keep-alive connections, a
/// fraction of `URLSession`'s cost per request on Linux); `https` URLs go through
/// `URLSession` (``URLSessionTransport``), made on first use. Both give the same errors:
///
/// - The timeout is the longest wait for the server's next bytes (connecting, the header,
///   each chunk of the body); fractions of a second work.
/// - A `Content-Length` over the limit is refused before any of the body is read; a body
///   without a length is abandoned as soon as it passes the limit.
/// - A status of 400 or more is refused as soon as the header arrives.
/// - Cancelling the calling task answers `cancelled` at once and closes the connection.
/// - Redirects are followed, at most ``maximumRedirects`` times.
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
    /// How many redirects one request follows.
    public static let maximumRedirects = 5

    /// Seconds to wait for the server's next bytes.
    public let timeout: Double
    /// The largest body accepted, in bytes.
    public let maxBodyBytes: Int

    private let plain: PlainHTTPTransport
    private let secure = Mutex<URLSessionTransport?>(nil)

    /// A client with its own connections (no cache, no cookies); `timeout` in seconds, above 0.
    public init(timeout: Double = NewsAPIClient.defaultTimeout, maxBodyBytes: Int = NewsAPIClient.defaultMaxBodyBytes) {
        self.timeout = timeout
        self.maxBodyBytes = maxBodyBytes
        plain = PlainHTTPTransport(timeout: timeout, maxBodyBytes: maxBodyBytes)
    }

    public func get(_ url: URL) async throws(NewsError) -> HTTPResponse {
        var current = url
        for _ in 0...Self.maximumRedirects {
            switch current.scheme?.lowercased() {
            case "https":
                return try await secureTransport().get(current)
            case "http":
                switch try await plain.get(current).get() {
                case .response(let response): return response
                case .redirect(let next): current = next
                }
            default:
                throw .invalidURL(current.absoluteString, reason: "unsupported url")
            }
        }
        throw .transport(url: url.absoluteString, reason: "too many redirects")
    }

    private func secureTransport() -> URLSessionTransport {
        secure.withLock { transport in
            if let transport { return transport }
            let made = URLSessionTransport(timeout: timeout, maxBodyBytes: maxBodyBytes)
            transport = made
            return made
        }
    }
}
