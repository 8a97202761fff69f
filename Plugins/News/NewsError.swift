/// Everything that can go wrong while reading news or their images.
///
/// Each case carries the offending thing (a URL, a JSON path, a status code) so that
/// ``description`` is one lowercase line a user can act on. A failed operation never
/// changes feed state, so the same command can simply be tried again.
public enum NewsError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A base or image URL that cannot be used; `reason` says why in a few words.
    case invalidURL(String, reason: String)
    /// The server could not be reached or the connection broke (refused, reset, cut short).
    case transport(url: String, reason: String)
    /// No answer within the configured timeout.
    case timeout(url: String, seconds: Double)
    /// The server answered with a status of 400 or more.
    case httpStatus(url: String, code: Int)
    /// The body is not a news page; `path` names the JSON field (`news[3].id`, `totalCount`),
    /// empty when the body is not JSON at all.
    case decoding(path: String, problem: String)
    /// The body grew past the size limit and the transfer was abandoned.
    case oversize(url: String, limitBytes: Int)
    /// The caller's task was cancelled while the request was in flight.
    case cancelled(url: String)
    /// A load was requested while another one was still running.
    case loadInProgress
    /// The bytes are not a PNG, JPEG, GIF or WebP image; `detected` names what they look like.
    case notAnImage(detected: String, url: String?)

    public var description: String {
        switch self {
        case .invalidURL(let url, let reason):
            "invalid url '\(url)': \(reason)"
        case .transport(let url, let reason):
            "cannot load '\(url)': \(reason)"
        case .timeout(let url, let seconds):
            "'\(url)' did not answer within \(Self.format(seconds: seconds))"
        case .httpStatus(let url, let code):
            "'\(url)' answered http \(code)\(Self.reasonPhrase(code).map { " (\($0))" } ?? "")"
        case .decoding(let path, let problem):
            path.isEmpty ? "malformed news response: \(problem)" : "malformed news response: '\(path)' \(problem)"
        case .oversize(let url, let limit):
            "'\(url)' sent more than \(Self.format(bytes: limit)); the transfer was stopped"
        case .cancelled(let url):
            "request to '\(url)' cancelled"
        case .loadInProgress:
            "a news load is already running; wait for it or cancel it"
        case .notAnImage(let detected, let url):
            "not an image: \(detected)\(url.map { " from '\($0)'" } ?? "")"
        }
    }

    private static func format(seconds: Double) -> String {
        seconds == seconds.rounded() ? "\(Int(seconds)) s" : "\(seconds) s"
    }

    private static func format(bytes: Int) -> String {
        bytes % (1024 * 1024) == 0 ? "\(bytes / (1024 * 1024)) MB" : "\(bytes) bytes"
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
