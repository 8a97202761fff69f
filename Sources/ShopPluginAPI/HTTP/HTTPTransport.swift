/// Sends HTTP requests: the capability a command uses for the network.
///
/// Only the `HTTPTransport` module opens sockets; the `shop` executable hands every session a
/// transport over libcurl through ``SessionEnvironment/http``. A transport answers with the
/// reply's status, headers and body whatever the status (a caller that takes only successes
/// checks with ``HTTPResponse/requireSuccess(asked:)``), and keeps each request's limits: the
/// whole exchange within ``HTTPRequest/timeout``, no body over ``HTTPRequest/maxBodyBytes``,
/// redirects followed on `http` and `https` only. A reply with a status of 400 or more
/// whose body cannot be read whole is ``HTTPError/status(url:code:)``. Cancelling the
/// calling task ends the request at once with ``HTTPError/cancelled(url:)``.
///
/// A transport may wrap another, to record or replay exchanges:
///
/// ```swift
/// struct LoggingTransport: HTTPTransport {
///     let inner: any HTTPTransport
///     let log: @Sendable (String) -> Void
///     func send(_ request: HTTPRequest) async throws(HTTPError) -> HTTPResponse {
///         let response = try await inner.send(request)
///         log("\(request.method) \(request.url) → \(response.status)")
///         return response
///     }
/// }
/// ```
public protocol HTTPTransport: Sendable {
    /// The answer to `request`, or the one error that says why there is none.
    func send(_ request: HTTPRequest) async throws(HTTPError) -> HTTPResponse
}

/// The transport of a session that was given none: every request fails, saying so.
public struct NoHTTPTransport: HTTPTransport {
    public init() {}

    public func send(_ request: HTTPRequest) async throws(HTTPError) -> HTTPResponse {
        throw .unavailable(reason: "this session has no http transport")
    }
}
