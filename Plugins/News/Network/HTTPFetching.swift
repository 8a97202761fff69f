import Foundation

/// Fetches the body of a URL with a GET request.
///
/// ``NewsAPIClient`` is the real implementation; tests and the image loader depend on this
/// protocol only. Implementations enforce their own timeout and size limit, report a
/// status of 400 or more as ``NewsError/httpStatus(url:code:)``, and throw
/// ``NewsError/cancelled(url:)`` promptly when the calling task is cancelled.
///
/// ```swift
/// struct CannedFetcher: HTTPFetching {
///     let body: Data
///     func get(_ url: URL) async throws(NewsError) -> HTTPResponse {
///         HTTPResponse(url: url, statusCode: 200, contentType: "application/json", body: body)
///     }
/// }
/// ```
public protocol HTTPFetching: Sendable {
    /// The whole body of a successful (status below 400) response.
    func get(_ url: URL) async throws(NewsError) -> HTTPResponse
}
