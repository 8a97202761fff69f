/// Why a request has no answer, in words that name the cause.
///
/// Every case carries the URL asked for (or what it is missing), so ``description`` is one
/// lowercase line a user can act on: `'http://h/x' did not finish within 4 s`,
/// `redirect to 'file:' refused: only http and https are followed`.
public enum HTTPError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The URL cannot be used; `reason` says why in a few words.
    case invalidURL(url: String, reason: String)
    /// The system library the transport needs is not installed; `package` is its Debian package.
    case libraryMissing(package: String)
    /// The transport cannot send anything at all; `reason` says why.
    case unavailable(reason: String)
    /// The host name does not resolve.
    case unknownHost(url: String, host: String)
    /// Nothing listens at the host and port.
    case connectionRefused(url: String)
    /// The connection failed or broke before the answer was complete.
    case connectionFailed(url: String, reason: String)
    /// The whole exchange took longer than the request's timeout.
    case timedOut(url: String, seconds: Double)
    /// The server answered with a status of 400 or more: to a caller that takes only
    /// successes, or with a body that could not be read whole.
    case status(url: String, code: Int)
    /// The body is larger than the request allows (declared, or found while receiving).
    case oversize(url: String, limitBytes: Int)
    /// The answer is not well-formed HTTP: a bad status line, length or chunking.
    case malformedResponse(url: String, reason: String)
    /// A redirect pointed at a scheme other than `http` or `https`.
    case redirectRefused(url: String, scheme: String)
    /// More redirects than allowed.
    case tooManyRedirects(url: String, limit: Int)
    /// The calling task was cancelled.
    case cancelled(url: String)

    public var description: String {
        switch self {
        case .invalidURL(let url, let reason): "invalid url '\(url)': \(reason)"
        case .libraryMissing(let package): "http needs \(package): apt-get install \(package)"
        case .unavailable(let reason): "http is not available: \(reason)"
        case .unknownHost(let url, let host): "cannot load '\(url)': unknown host '\(host)'"
        case .connectionRefused(let url): "cannot load '\(url)': connection refused"
        case .connectionFailed(let url, let reason): "cannot load '\(url)': \(reason)"
        case .timedOut(let url, let seconds): "'\(url)' did not finish within \(Self.format(seconds: seconds))"
        case .status(let url, let code):
            "'\(url)' answered http \(code)\(Self.reasonPhrase(code).map { " (\($0))" } ?? "")"
        case .oversize(let url, let limit):
            "'\(url)' sent more than \(ByteCount.describe(limit)); the transfer was stopped"
        case .malformedResponse(let url, let reason): "malformed http response from '\(url)': \(reason)"
        case .redirectRefused(let url, let scheme):
            "redirect to '\(scheme):' refused: only http and https are followed (from '\(url)')"
        case .tooManyRedirects(let url, let limit): "'\(url)' redirected more than \(limit) times"
        case .cancelled(let url): "request to '\(url)' cancelled"
        }
    }

    /// `4 s`, `0.3 s`.
    private static func format(seconds: Double) -> String {
        seconds == seconds.rounded() && abs(seconds) < 1e9 ? "\(Int(seconds)) s" : "\(seconds) s"
    }

    private static func reasonPhrase(_ code: Int) -> String? {
        switch code {
        case 400: "bad request"
        case 401: "unauthorized"
        case 403: "forbidden"
        case 404: "not found"
        case 408: "request timeout"
        case 410: "gone"
        case 429: "too many requests"
        case 500: "internal server error"
        case 502: "bad gateway"
        case 503: "service unavailable"
        case 504: "gateway timeout"
        default: nil
        }
    }
}
