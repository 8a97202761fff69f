import Foundation

/// What one HTTP exchange ended with: a response, or a redirect to follow.
enum HTTPOutcome: Sendable {
    /// A response with a status below 300 (or a 3xx without a usable `Location`).
    case response(HTTPResponse)
    /// A 301, 302, 303, 307 or 308 pointing here.
    case redirect(URL)
}
