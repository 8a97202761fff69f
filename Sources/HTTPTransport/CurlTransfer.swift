import CCurl
import Glibc
import ShopPluginAPI
import Synchronization

/// One request on its way through the ``CurlLoop``: the easy handle, what has arrived, and
/// the caller waiting for the result.
///
/// `@unchecked Sendable`: made on the caller's task and, once handed to a ``CurlMulti`` (by
/// ``CurlLoop/submit(_:)``, through a `Mutex`, or on the caller's own thread), touched only
/// by the thread driving it, where libcurl's callbacks run too; the caller's cancellation
/// reaches it through an atomic flag. ``finish(_:)`` answers the caller once: the handle
/// calls it when it drops the transfer, which it does once.
final class CurlTransfer: @unchecked Sendable {
    typealias Continuation = CheckedContinuation<Result<HTTPResponse, HTTPError>, Never>

    private static let lastID = Atomic<UInt64>(0)

    /// The transfer's number, for cancelling it.
    let id = CurlTransfer.lastID.add(1, ordering: .relaxed).newValue
    let request: HTTPRequest
    /// When the whole exchange must be over, in nanoseconds of the monotonic clock.
    let deadline: UInt64
    /// The caller, until ``finish(_:)``.
    var continuation: Continuation?
    /// The easy handle while the loop runs the transfer.
    var easy: UnsafeMutableRawPointer?
    /// The URL being fetched now: the request's, then each redirect's.
    var url: String
    /// The method used now: the request's, or `GET` after a redirect that turns a `POST` into one.
    var method: String
    /// Redirects followed so far.
    var redirects = 0

    /// The current response's headers (cleared by each status line).
    var headers: [HTTPHeader] = []
    var body: [UInt8] = []
    /// Set by a callback that stopped the transfer, to say why.
    var abortReason: HTTPError?
    /// libcurl's words for the last failure (`CURLOPT_ERRORBUFFER`).
    let errorBuffer = UnsafeMutablePointer<CChar>.allocate(capacity: Int(CURL_ERROR_SIZE) + 1)
    /// The request headers as libcurl holds them while the transfer runs.
    var headerList: UnsafeMutablePointer<curl_slist>?

    init(request: HTTPRequest, target: String) {
        self.request = request
        self.url = target
        self.method = request.method
        self.deadline = Self.now() + UInt64(max(0.001, request.timeout) * 1e9)
        errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)
    }

    deinit {
        errorBuffer.deallocate()
    }

    /// The answer, once ``finish(_:)`` gave it.
    private(set) var outcome: Result<HTTPResponse, HTTPError>?
    /// Set by the caller to end the transfer as cancelled.
    private let cancelRequested = Atomic<Bool>(false)

    /// Whether ``finish(_:)`` was called: a flag of its own, as the driving loop asks after
    /// every wake-up, and comparing ``outcome`` with nil copied the response.
    private(set) var isFinished = false

    /// Whether the caller asked to end the transfer.
    var isCancelRequested: Bool { cancelRequested.load(ordering: .acquiring) }

    /// Asks the thread driving the transfer to end it as cancelled (it looks when woken); from
    /// any thread.
    func requestCancel() {
        cancelRequested.store(true, ordering: .releasing)
    }

    /// Answers the caller (resuming it when it waits); later calls do nothing.
    func finish(_ result: Result<HTTPResponse, HTTPError>) {
        guard !isFinished else { return }
        isFinished = true
        outcome = result
        continuation?.resume(returning: result)
        continuation = nil
    }

    /// Milliseconds left before ``deadline``, at least 1.
    var remainingMilliseconds: Int {
        let now = Self.now()
        return now >= deadline ? 0 : max(1, Int((deadline - now) / 1_000_000))
    }

    /// Nanoseconds of the monotonic clock.
    static func now() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }

    // MARK: - Called back by libcurl

    /// A piece of the body; answers fewer bytes than given (stopping the transfer) once
    /// the body would pass the limit.
    func receive(_ bytes: UnsafeRawBufferPointer) -> Int {
        guard body.count + bytes.count <= request.maxBodyBytes else {
            abortReason = .oversize(url: request.url, limitBytes: request.maxBodyBytes)
            return 0
        }
        body.append(contentsOf: bytes)
        return bytes.count
    }

    /// One header line, CRLF included: a status line starts a new response.
    ///
    /// Read in place, making only the name and value strings, not copying the line to an
    /// array and trimming substrings.
    func receiveHeader(_ bytes: UnsafeRawBufferPointer) -> Int {
        var end = bytes.count
        while end > 0, bytes[end - 1] == 0x0A || bytes[end - 1] == 0x0D { end -= 1 }
        let line = UnsafeRawBufferPointer(rebasing: bytes[..<end])
        if line.starts(with: "HTTP/".utf8) {
            headers = []
        } else if let colon = line.firstIndex(of: UInt8(ascii: ":")) {
            var valueStart = colon + 1
            var valueEnd = line.count
            while valueStart < valueEnd, Self.isBlank(line[valueStart]) { valueStart += 1 }
            while valueEnd > valueStart, Self.isBlank(line[valueEnd - 1]) { valueEnd -= 1 }
            headers.append(
                HTTPHeader(
                    String(decoding: UnsafeRawBufferPointer(rebasing: line[..<colon]), as: UTF8.self),
                    String(decoding: UnsafeRawBufferPointer(rebasing: line[valueStart..<valueEnd]), as: UTF8.self)))
        }
        return bytes.count
    }

    /// A space or a tab.
    private static func isBlank(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09
    }
}
