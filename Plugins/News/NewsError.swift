import ShopPluginAPI

/// Everything that can go wrong while reading news or their images.
///
/// Each case carries the offending thing (a URL, a JSON path, a status code) so that
/// ``description`` is one lowercase line a user can act on. A failed operation never
/// changes feed state, so the same command can simply be tried again.
public enum NewsError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A base or image URL that cannot be used; `reason` says why in a few words.
    case invalidURL(String, reason: String)
    /// A request had no answer: refused, timed out, status ≥ 400, too big, malformed, cancelled.
    case http(HTTPError)
    /// The body is not a news page; `path` names the JSON field (`news[3].id`, `totalCount`),
    /// empty when the body is not JSON at all.
    case decoding(path: String, problem: String)
    /// A load was requested while another one was still running.
    case loadInProgress
    /// The bytes are not a PNG, JPEG, GIF or WebP image; `detected` names what they look like.
    case notAnImage(detected: String, url: String?)
    /// An HTTP archive that cannot be replayed or recorded; the message names the file.
    case archive(String)

    public var description: String {
        switch self {
        case .invalidURL(let url, let reason):
            "invalid url '\(url)': \(reason)"
        case .http(.libraryMissing(let package)):
            "news needs \(package): apt-get install \(package)"
        case .http(let error):
            error.description
        case .decoding(let path, let problem):
            path.isEmpty ? "malformed news response: \(problem)" : "malformed news response: '\(path)' \(problem)"
        case .loadInProgress:
            "a news load is already running; wait for it or cancel it"
        case .notAnImage(let detected, let url):
            "not an image: \(detected)\(url.map { " from '\($0)'" } ?? "")"
        case .archive(let message):
            message
        }
    }
}
