import ShopPluginAPI

/// GETs the news plugin's URLs through the session's HTTP transport, with the source's
/// timeout and the 10 MB body limit, and words its failures as news errors.
///
/// The transport does the work (libcurl in `shop`; see ``HTTPTransport`` for what each
/// request is held to); this client only fixes the limits and keeps `http` and `https`.
///
/// ```swift
/// let client = NewsAPIClient(http: invocation.environment.http, timeout: 5)
/// let response = try await client.get(endpoint.pageURL(page: 1, pageSize: 15))
/// ```
public struct NewsAPIClient: Sendable {
    /// The body size limit used unless another is given: 10 MB.
    public static let defaultMaxBodyBytes = HTTPRequest.defaultMaxBodyBytes
    /// The timeout used unless another is given, in seconds.
    public static let defaultTimeout = HTTPRequest.defaultTimeout

    /// Seconds a whole request may take.
    public let timeout: Double
    /// The largest body accepted, in bytes.
    public let maxBodyBytes: Int
    private let http: any HTTPTransport

    /// A client over `http`; `timeout` in seconds, above 0.
    public init(
        http: any HTTPTransport, timeout: Double = NewsAPIClient.defaultTimeout,
        maxBodyBytes: Int = NewsAPIClient.defaultMaxBodyBytes
    ) {
        self.http = http
        self.timeout = timeout
        self.maxBodyBytes = maxBodyBytes
    }

    /// The whole response to `GET url`; a status of 400 or more is an error.
    public func get(_ url: String) async throws(NewsError) -> HTTPResponse {
        do throws(HTTPError) {
            return try await http.send(HTTPRequest(url: url, timeout: timeout, maxBodyBytes: maxBodyBytes))
                .requireSuccess(asked: url)
        } catch {
            throw .http(error)
        }
    }
}
