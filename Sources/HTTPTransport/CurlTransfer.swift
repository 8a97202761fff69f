import CCurl
import Glibc
import ShopKit
import Synchronization

/// One request on its way through the ``CurlLoop``: the easy handle, what has arrived, and
/// the caller waiting for the result.
///
/// `@unchecked Sendable`: made on the caller's task and, once handed to the loop
/// (``CurlLoop/submit(_:)``, through a `Mutex`), touched only on the loop's thread, where
/// libcurl's callbacks run too. ``finish(_:)`` resumes the caller exactly once: the loop
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
        self.deadline = Self.now() + UInt64(max(0.001, request.timeout) * 1e9)
        errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)
    }

    deinit {
        errorBuffer.deallocate()
    }

    /// Answers the caller; later calls do nothing.
    func finish(_ result: Result<HTTPResponse, HTTPError>) {
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
    func receiveHeader(_ bytes: UnsafeRawBufferPointer) -> Int {
        var line = Array(bytes)
        while let last = line.last, last == 0x0A || last == 0x0D { line.removeLast() }
        if line.starts(with: Array("HTTP/".utf8)) {
            headers = []
        } else if let colon = line.firstIndex(of: UInt8(ascii: ":")) {
            let name = String(decoding: line[..<colon], as: UTF8.self)
            let value = String(decoding: line[(colon + 1)...], as: UTF8.self)
            headers.append(HTTPHeader(name, value.trimmingBlanks()))
        }
        return bytes.count
    }
}

extension String {
    /// Without spaces and tabs at either end.
    fileprivate func trimmingBlanks() -> String {
        var scalars = Substring(self)
        while let first = scalars.first, first == " " || first == "\t" { scalars.removeFirst() }
        while let last = scalars.last, last == " " || last == "\t" { scalars.removeLast() }
        return String(scalars)
    }
}
