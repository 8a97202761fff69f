import CCurl
import Glibc
import ShopPluginAPI
import Synchronization

/// HTTP over libcurl: the transport the `shop` executable gives every session.
///
/// libcurl is opened on the first request (see `CCurl`), so a session that never goes to
/// the network never loads it; without it, every request fails with
/// ``HTTPError/libraryMissing(package:)``. All transports of the process share one
/// `curl_multi` loop on a thread of its own (and one handle the thread named by
/// ``runRequestsOnThisThread()`` drives itself), which keeps connections alive between
/// requests. Each request:
/// - finishes within its ``HTTPRequest/timeout`` as a whole (connecting, redirects, body);
/// - answers with the reply's status, headers and body whatever the status; is refused at
///   the header when the declared length is over ``HTTPRequest/maxBodyBytes``, and abandoned
///   as soon as the body passes it (for a status of 400 or more, the error then names the
///   status: ``HTTPError/status(url:code:)``);
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

    /// The thread named by ``runRequestsOnThisThread()``; 0 (no thread) until then.
    private static let requestThread = Atomic<pthread_t>(0)
    /// The multi handle that thread drives, made on its first request and used only by it.
    private static let requestThreadMulti: CurlMulti? = CurlMulti()

    public init(library: String = CurlTransport.defaultLibrary) {
        self.library = library
    }

    /// Runs the requests made on the calling thread on that thread from now on: it drives a
    /// `curl_multi` handle of its own, blocking until each request ends, instead of handing the
    /// request to the loop's thread and being woken with the answer (two thread switches a
    /// request, and on a busy machine two waits for a core).
    ///
    /// Only for a thread with nothing else to do while its task waits, as `shop`'s main thread
    /// (its `MainThreadExecutor` runs the session's tasks). Never a thread of Swift's
    /// cooperative pool: a blocked pool thread holds up every other task, and with as many pool
    /// threads as cores (two here) a task that would end the request, cancelling it, can wait
    /// for the request's whole timeout. Requests from other threads still go to the loop.
    public static func runRequestsOnThisThread() {
        requestThread.store(pthread_self(), ordering: .relaxed)
    }

    public func send(_ request: HTTPRequest) async throws(HTTPError) -> HTTPResponse {
        let target = try Self.check(request.url)
        try CurlLibrary.load(library)
        guard !Task.isCancelled else { throw .cancelled(url: request.url) }
        let transfer = CurlTransfer(request: request, target: target)
        if pthread_self() == Self.requestThread.load(ordering: .relaxed) {
            guard let multi = Self.requestThreadMulti else {
                throw .unavailable(reason: "libcurl could not make a transfer loop")
            }
            return try await withTaskCancellationHandler {
                multi.run(transfer)
                return transfer.outcome ?? .failure(.cancelled(url: request.url))
            } onCancel: {
                transfer.requestCancel()
                multi.wakeUp()
            }.get()
        }
        guard let loop = CurlLoop.shared else {
            throw .unavailable(reason: "libcurl could not make a transfer loop")
        }
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                transfer.continuation = continuation
                loop.submit(transfer)
            }
        } onCancel: {
            transfer.requestCancel()
            loop.wakeUp()
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
}
