import CCurl
import ShopKit
import Synchronization

/// HTTP over libcurl: the transport the `shop` executable gives every session.
///
/// libcurl is opened on the first request (see `CCurl`), so a session that never goes to
/// the network never loads it; without it, every request fails with
/// ``HTTPError/libraryMissing(package:)``. All transports of the process share one
/// `curl_multi` loop on a thread of its own, which keeps connections alive between
/// requests. Each request:
/// - finishes within its ``HTTPRequest/timeout`` as a whole (connecting, redirects, body);
/// - is refused at the header when the status is 400 or more, or the declared length is
///   over ``HTTPRequest/maxBodyBytes``, and abandoned as soon as the body passes it;
/// - follows at most 5 redirects, to `http` and `https` only;
/// - asks for no content encoding, so a compressed body is never inflated;
/// - ends at once, its connection closed, when the calling task is cancelled.
///
/// ```swift
/// let response = try await CurlTransport().send(HTTPRequest(url: "http://127.0.0.1:8080/api/news/1/15"))
/// ```
public struct CurlTransport: HTTPTransport {
    /// The library opened unless another is named.
    public static let defaultLibrary = "libcurl.so.4"
    /// The most redirects followed for one request.
    public static let maximumRedirects = 5

    /// The shared object to open: a name the dynamic loader finds, or a path.
    public let library: String

    public init(library: String = CurlTransport.defaultLibrary) {
        self.library = library
    }

    public func send(_ request: HTTPRequest) async throws(HTTPError) -> HTTPResponse {
        let target = try Self.check(request.url)
        try CurlLibrary.load(library)
        guard let loop = CurlLoop.shared else {
            throw .unavailable(reason: "libcurl could not make a transfer loop")
        }
        guard !Task.isCancelled else { throw .cancelled(url: request.url) }
        let transfer = CurlTransfer(request: request, target: target)
        let start = Mutex(StartState.pending)
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                transfer.continuation = continuation
                let submit = start.withLock { state in
                    guard case .pending = state else { return false }
                    state = .submitted
                    return true
                }
                if submit {
                    loop.submit(transfer)
                } else {
                    transfer.finish(.failure(.cancelled(url: request.url)))
                }
            }
        } onCancel: {
            let submitted = start.withLock { state in
                defer { state = .cancelled }
                return state == .submitted
            }
            if submitted { loop.cancel(transfer.id) }
        }
        return try result.get()
    }

    /// The URL to hand libcurl: `url` parsed and percent-encoded; only `http` and `https`.
    private static func check(_ url: String) throws(HTTPError) -> String {
        let parsed: WebURL
        do throws(WebURL.ParseError) {
            parsed = try WebURL(parsing: url)
        } catch {
            throw .invalidURL(url: url, reason: error.reason)
        }
        guard parsed.scheme == "http" || parsed.scheme == "https" else {
            throw .invalidURL(url: url, reason: "scheme '\(parsed.scheme)' is not http or https")
        }
        return parsed.description
    }

    /// Whether the request was handed to the loop before the caller cancelled.
    private enum StartState: Sendable {
        case pending, submitted, cancelled
    }
}
