/// What to ask a server: method, URL, headers and body, with the limits the answer must keep.
///
/// The limits belong to the request, so a transport that wraps another (one that records
/// or replays exchanges) passes them on unchanged.
public struct HTTPRequest: Sendable, Hashable {
    /// The body size limit used unless another is given: 10 MB.
    public static let defaultMaxBodyBytes = 10 * 1024 * 1024
    /// The timeout used unless another is given, in seconds.
    public static let defaultTimeout: Double = 15

    /// `GET` unless said otherwise.
    public var method: String
    /// An absolute `http` or `https` URL.
    public var url: String
    /// Headers sent besides the transport's own (`Host`, `User-Agent`).
    public var headers: [HTTPHeader]
    /// The body sent (a `POST`'s), as it is; empty for none.
    public var body: [UInt8]
    /// Seconds the whole exchange may take, redirects included; above 0.
    public var timeout: Double
    /// The largest body accepted, in bytes.
    public var maxBodyBytes: Int

    public init(
        method: String = "GET", url: String, headers: [HTTPHeader] = [], body: [UInt8] = [],
        timeout: Double = HTTPRequest.defaultTimeout, maxBodyBytes: Int = HTTPRequest.defaultMaxBodyBytes
    ) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.timeout = timeout
        self.maxBodyBytes = maxBodyBytes
    }
}
