import ShopPluginAPI
import Synchronization

/// A transport that passes every request on to another and records the exchange in an HTTP
/// archive: pages, pictures, error statuses and failures without a response (status 0 with
/// an `_error` text), each with its timings.
///
/// The archive is complete after every exchange (``HTTPArchiveWriter``). A request the
/// caller cancelled is not recorded: no answer came. When the archive cannot be written
/// (disk full, 256 MB reached), recording stops, requests still go through, and
/// ``takeProblem()`` says why once.
///
/// ```swift
/// let recorder = HTTPArchiveRecorder(recording: environment.http, into: writer, clock: environment.clock)
/// let response = try await recorder.send(HTTPRequest(url: "http://127.0.0.1:8080/api/news/1/15"))
/// ```
public final class HTTPArchiveRecorder: HTTPTransport {
    /// The transport requests go through.
    public let inner: any HTTPTransport
    /// The archive being written.
    public let writer: HTTPArchiveWriter
    private let clock: SessionClock
    /// Why recording stopped, until reported; whether it stopped.
    private let problem = Mutex<(unreported: HTTPArchiveWriterError?, stopped: Bool)>((nil, false))

    public init(recording inner: any HTTPTransport, into writer: HTTPArchiveWriter, clock: SessionClock) {
        self.inner = inner
        self.writer = writer
        self.clock = clock
    }

    public func send(_ request: HTTPRequest) async throws(HTTPError) -> HTTPResponse {
        let started = clock.now
        let start = ContinuousClock.now
        let result: Result<HTTPResponse, HTTPError>
        do {
            result = .success(try await inner.send(request))
        } catch {
            result = .failure(error)
        }
        let elapsed = ContinuousClock.now - start
        if let outcome = Self.outcome(of: result) {
            let timings: HTTPArchive.Timings
            if case .success(let response) = result {
                timings = HTTPArchive.Timings(response.timings)
            } else {
                let (seconds, attoseconds) = elapsed.components
                timings = HTTPArchive.Timings(wait: Double(seconds) * 1000 + Double(attoseconds) / 1e15)
            }
            record(
                HTTPArchive.Entry(
                    started: started, method: request.method, url: request.url,
                    requestHeaders: request.headers, requestBody: request.body, outcome: outcome,
                    timings: timings))
        }
        return try result.get()
    }

    /// Why recording stopped, the first time it is asked after it did; nil otherwise.
    public func takeProblem() -> HTTPArchiveWriterError? {
        problem.withLock { state in
            defer { state.unreported = nil }
            return state.unreported
        }
    }

    private func record(_ entry: HTTPArchive.Entry) {
        guard !problem.withLock({ $0.stopped }) else { return }
        do throws(HTTPArchiveWriterError) {
            try writer.append(entry)
        } catch {
            problem.withLock { $0 = (error, true) }
        }
    }

    /// What the archive says of an exchange; nil for one that reached no server (a bad URL, no
    /// libcurl, a cancelled request).
    static func outcome(of result: Result<HTTPResponse, HTTPError>) -> HTTPArchive.Outcome? {
        switch result {
        case .success(let response):
            return .response(
                HTTPArchive.Response(
                    status: response.status, headers: response.headers,
                    body: response.body))
        case .failure(let error):
            switch error {
            case .status(_, let code): return .response(HTTPArchive.Response(status: code))
            case .invalidURL, .libraryMissing, .unavailable, .cancelled: return nil
            case .unknownHost(_, let host): return .failure("unknown host '\(host)'")
            case .connectionRefused: return .failure("connection refused")
            case .connectionFailed(_, let reason): return .failure(reason)
            case .timedOut(_, let seconds):
                let shown = seconds == seconds.rounded() && seconds < 1e9 ? String(Int(seconds)) : String(seconds)
                return .failure("did not finish within \(shown) s")
            case .oversize(_, let limit): return .failure("sent more than \(limit) bytes; the transfer was stopped")
            case .malformedResponse(_, let reason): return .failure("malformed http response: \(reason)")
            case .redirectRefused(_, let scheme):
                return .failure("redirect to '\(scheme):' refused: only http and https are followed")
            case .tooManyRedirects(_, let limit): return .failure("redirected more than \(limit) times")
            }
        }
    }
}

extension HTTPArchive.Timings {
    /// A transport's timings as HAR counts them: the TLS handshake inside `connect`.
    public init(_ timings: HTTPTimings) {
        self.init(
            dns: timings.dns, connect: timings.connect + timings.tls, ssl: timings.tls > 0 ? timings.tls : -1,
            send: timings.send, wait: timings.wait, receive: timings.receive)
    }
}
