import Foundation
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The `URLSession` delegate behind ``NewsAPIClient``: collects each task's body, enforces
/// the size limit and the idle timeout while the body arrives, and resumes the waiting
/// caller exactly once.
///
/// Every transfer is keyed by its task identifier in one `Mutex`-protected table.
/// ``finish(_:with:)`` removes a transfer and resumes its caller; whoever removes it first
/// wins, so each continuation is resumed exactly once.
///
/// The caller is answered the moment a decision is made (status ≥ 400, body over the
/// limit, idle timeout, cancellation), not when `URLSession` reports the task complete:
/// on corelibs-foundation a `cancel()` is queued behind the socket reads of the same
/// session and, over loopback, can take effect only after the server finished sending.
/// The task is cancelled all the same; its late callbacks find no transfer and are ignored.
///
/// The timeout is enforced here as well as by the session configuration because
/// corelibs-foundation truncates `timeoutIntervalForRequest` to whole seconds (0.5 s
/// becomes "time out at once"). Each transfer keeps a deadline, moved on by the response
/// and every chunk, and one pending `asyncAfter` check at a time.
final class TransferDelegate: NSObject, URLSessionDataDelegate, Sendable {
    typealias Continuation = CheckedContinuation<Result<HTTPResponse, NewsError>, Never>

    private struct Transfer {
        var url: URL
        var continuation: Continuation
        var deadline: DispatchTime
        var body = Data()
        var expectedLength: Int64 = -1
        var statusCode = 0
        var contentType: String?
    }

    private let maxBodyBytes: Int
    private let timeout: Double
    private let transfers = Mutex<[Int: Transfer]>([:])
    private let watchdog = DispatchQueue(label: "NewsAPIClient.watchdog")
    private let cancelling = DispatchQueue(label: "NewsAPIClient.cancel")

    init(maxBodyBytes: Int, timeout: Double) {
        self.maxBodyBytes = maxBodyBytes
        self.timeout = timeout
    }

    // MARK: - Driven by the client

    /// Starts tracking `task`; call before `resume()`.
    func register(_ task: URLSessionTask, url: URL, continuation: Continuation) {
        let deadline = DispatchTime.now() + timeout
        transfers.withLock {
            $0[task.taskIdentifier] = Transfer(url: url, continuation: continuation, deadline: deadline)
        }
        watch(task, at: deadline)
    }

    /// Answers the caller with `cancelled` and cancels the task.
    func cancel(_ task: URLSessionTask) {
        finish(task, with: { .failure(.cancelled(url: $0.url.absoluteString)) })
    }

    /// Removes `task`'s transfer, resumes its caller with `result`, and cancels the task
    /// unless it already completed. Does nothing when the transfer was already finished.
    private func finish(
        _ task: URLSessionTask, with result: (Transfer) -> Result<HTTPResponse, NewsError>,
        completed: Bool = false
    ) {
        guard let transfer = transfers.withLock({ $0.removeValue(forKey: task.taskIdentifier) }) else { return }
        transfer.continuation.resume(returning: result(transfer))
        if !completed {
            // `cancel()` waits (`sync`) for the session's busy work queue: never on the caller's thread.
            cancelling.async { task.cancel() }
        }
    }

    /// Checks `task`'s deadline at `time`: times it out, or looks again at its new deadline.
    private func watch(_ task: URLSessionTask, at time: DispatchTime) {
        watchdog.asyncAfter(deadline: time) { [self] in
            guard let deadline = transfers.withLock({ $0[task.taskIdentifier]?.deadline }) else { return }
            if DispatchTime.now() >= deadline {
                let seconds = timeout
                finish(task, with: { .failure(.timeout(url: $0.url.absoluteString, seconds: seconds)) })
            } else {
                watch(task, at: deadline)
            }
        }
    }

    // MARK: - URLSessionDataDelegate

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        let (maxBodyBytes, timeout) = (maxBodyBytes, timeout)
        let http = response as? HTTPURLResponse
        let status = http?.statusCode ?? 200
        let length = response.expectedContentLength
        let tracked = transfers.withLock { table -> Bool in
            let id = dataTask.taskIdentifier
            guard table[id] != nil else { return false }
            table[id]?.statusCode = status
            table[id]?.contentType = http?.value(forHTTPHeaderField: "Content-Type").map(Self.mediaType)
            table[id]?.expectedLength = length
            table[id]?.deadline = .now() + timeout
            if status < 400, length > 0, length <= Int64(maxBodyBytes) {
                table[id]?.body.reserveCapacity(Int(length))
            }
            return true
        }
        // corelibs-foundation ignores the disposition; finishing cancels the task.
        completionHandler(.allow)
        guard tracked else { return }
        if status >= 400 {
            finish(dataTask, with: { .failure(.httpStatus(url: $0.url.absoluteString, code: status)) })
        } else if length > Int64(maxBodyBytes) {
            finish(dataTask, with: { .failure(.oversize(url: $0.url.absoluteString, limitBytes: maxBodyBytes)) })
        }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let (maxBodyBytes, timeout) = (maxBodyBytes, timeout)
        let tooBig = transfers.withLock { table -> Bool in
            // Only `table[id]?.…` accesses: a transfer bound to a local would share the body's
            // storage and turn every append into a copy of everything received so far.
            let id = dataTask.taskIdentifier
            guard let received = table[id]?.body.count else { return false }
            if received + data.count > maxBodyBytes { return true }
            table[id]?.body.append(data)
            table[id]?.deadline = .now() + timeout
            return false
        }
        if tooBig {
            finish(dataTask, with: { .failure(.oversize(url: $0.url.absoluteString, limitBytes: maxBodyBytes)) })
        }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let timeout = timeout
        finish(task, with: { Self.outcome(of: $0, error: error, timeout: timeout) }, completed: true)
    }

    // MARK: - Results

    /// The caller's result for a transfer that URLSession completed.
    private static func outcome(
        of transfer: Transfer, error: (any Error)?, timeout: Double
    ) -> Result<HTTPResponse, NewsError> {
        let url = transfer.url.absoluteString
        guard let error else {
            return .success(
                HTTPResponse(
                    url: transfer.url, statusCode: transfer.statusCode, contentType: transfer.contentType,
                    body: transfer.body))
        }
        if transfer.expectedLength > 0, transfer.body.count < transfer.expectedLength,
            (error as? URLError)?.code != .cancelled
        {
            let reason = "the connection closed after \(transfer.body.count) of \(transfer.expectedLength) bytes"
            return .failure(.transport(url: url, reason: reason))
        }
        return .failure(map(error, url: url, timeout: timeout))
    }

    /// `text/html` from `Text/HTML; charset=utf-8`.
    private static func mediaType(_ header: String) -> String {
        let type = header.split(separator: ";", maxSplits: 1).first.map(String.init) ?? header
        return type.trimmingCharacters(in: .whitespaces).lowercased()
    }

    /// One clear error for a failed transfer.
    static func map(_ error: any Error, url: String, timeout: Double) -> NewsError {
        guard let urlError = error as? URLError else {
            return .transport(url: url, reason: "\(error)".lowercased())
        }
        switch urlError.code {
        case .timedOut: return .timeout(url: url, seconds: timeout)
        case .cancelled: return .cancelled(url: url)
        case .cannotConnectToHost: return .transport(url: url, reason: "connection refused")
        case .cannotFindHost, .dnsLookupFailed: return .transport(url: url, reason: "unknown host")
        case .networkConnectionLost:
            return .transport(url: url, reason: "the connection closed before the response was complete")
        case .badServerResponse, .zeroByteResource:
            return .transport(url: url, reason: "the server closed the connection without a valid response")
        case .notConnectedToInternet: return .transport(url: url, reason: "not connected to a network")
        case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
            .serverCertificateNotYetValid, .serverCertificateHasUnknownRoot:
            return .transport(url: url, reason: "tls failed")
        case .unsupportedURL: return .invalidURL(url, reason: "unsupported url")
        case .badURL: return .invalidURL(url, reason: "not a url")
        case .httpTooManyRedirects, .redirectToNonExistentLocation:
            return .transport(url: url, reason: "too many redirects")
        default: return .transport(url: url, reason: "network error \(urlError.code.rawValue)")
        }
    }
}
