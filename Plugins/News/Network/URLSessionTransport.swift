import Foundation
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// GET over `URLSession` with a timeout, a body size limit and prompt cancellation.
/// `URLSession` follows redirects itself.
///
/// - The timeout is the longest wait for the server's next bytes (connecting, the header,
///   each chunk of the body). It is set as the session configuration's
///   `timeoutIntervalForRequest`, rounded up to whole seconds because corelibs-foundation
///   truncates it, and enforced exactly by the delegate, so fractions of a second work.
/// - The body is received chunk by chunk through a session delegate (which works the same
///   on Linux's corelibs-foundation, where `URLSession.bytes(for:)` does not exist). A
///   response whose `Content-Length` exceeds the limit is refused before any of its body is
///   read; a body without a length is abandoned as soon as it passes the limit.
/// - A status of 400 or more is refused as soon as the header arrives; the error body is
///   not downloaded.
/// - Cancelling the calling task answers `cancelled` at once and cancels the `URLSessionTask`.
///
/// Every failure is answered as soon as it is known; see `TransferDelegate` for why that
/// matters on corelibs-foundation.
final class URLSessionTransport: Sendable {
    private let timeout: Double
    private let session: URLSession
    private let delegate: TransferDelegate

    /// A transport with its own `URLSession` (no cache, no cookies); `timeout` in seconds, above 0.
    init(timeout: Double, maxBodyBytes: Int) {
        self.timeout = timeout
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = Self.sessionTimeout(timeout)
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.httpCookieStorage = nil
        let queue = OperationQueue()
        queue.name = "NewsAPIClient.delegate"
        queue.maxConcurrentOperationCount = 1
        delegate = TransferDelegate(maxBodyBytes: maxBodyBytes, timeout: timeout)
        session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: queue)
    }

    deinit {
        // A session keeps its delegate (and itself) alive until invalidated. Invalidation waits
        // for the session's work queue, so it must not hold up whichever thread let go last.
        let session = session
        DispatchQueue.global().async { session.invalidateAndCancel() }
    }

    /// The whole body of a successful (status below 400) response.
    func get(_ url: URL) async throws(NewsError) -> HTTPResponse {
        let start = Mutex(StartState.pending)
        let session = session
        let delegate = delegate
        let timeout = timeout
        let result: Result<HTTPResponse, NewsError> = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                var request = URLRequest(url: url)
                request.timeoutInterval = Self.sessionTimeout(timeout)
                request.httpMethod = "GET"
                let task = session.dataTask(with: request)
                delegate.register(task, url: url, continuation: continuation)
                let started = start.withLock { state in
                    guard case .pending = state else { return false }
                    state = .running(task)
                    return true
                }
                if started {
                    task.resume()
                } else {
                    delegate.cancel(task)
                }
            }
        } onCancel: {
            let task = start.withLock { state -> URLSessionDataTask? in
                defer { state = .cancelled }
                if case .running(let task) = state { return task }
                return nil
            }
            if let task { delegate.cancel(task) }
        }
        return try result.get()
    }

    /// Whole seconds, at least 1: corelibs-foundation turns 0.5 into 0, which times out at once.
    private static func sessionTimeout(_ seconds: Double) -> Double {
        max(1, seconds.rounded(.up))
    }

    /// Whether the request was started before the caller cancelled.
    private enum StartState: Sendable {
        case pending
        case running(URLSessionDataTask)
        case cancelled
    }
}
