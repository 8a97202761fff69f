/// A server's answer, whatever its status, with its whole body and how long each part took.
public struct HTTPResponse: Sendable, Equatable {
    /// The URL that answered, after redirects.
    public var url: String
    /// The status code: `200`, `404`.
    public var status: Int
    /// The final response's headers, in the order received.
    public var headers: [HTTPHeader]
    /// The body exactly as received (no content decoding is asked for).
    public var body: [UInt8]
    /// Where the time went.
    public var timings: HTTPTimings

    public init(
        url: String, status: Int, headers: [HTTPHeader] = [], body: [UInt8], timings: HTTPTimings = HTTPTimings()
    ) {
        self.url = url
        self.status = status
        self.headers = headers
        self.body = body
        self.timings = timings
    }

    /// The answer itself when its status is below 400; else ``HTTPError/status(url:code:)``
    /// for the request to `url`. For callers that take only successes.
    public func requireSuccess(asked url: String) throws(HTTPError) -> HTTPResponse {
        guard status < 400 else { throw .status(url: url, code: status) }
        return self
    }

    /// The `Content-Type` header's media type, lowercased, without parameters (`text/html`).
    public var mediaType: String? {
        guard let header = headers.value(of: "Content-Type") else { return nil }
        let type = header.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        return String(type.filter { $0 != " " && $0 != "\t" }).lowercased()
    }
}
