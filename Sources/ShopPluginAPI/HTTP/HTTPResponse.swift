/// A successful answer (status below 400) with its whole body and how long each part took.
public struct HTTPResponse: Sendable, Equatable {
    /// The URL that answered, after redirects.
    public var url: String
    /// The status code, 200–399.
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

    /// The `Content-Type` header's media type, lowercased, without parameters (`text/html`).
    public var mediaType: String? {
        guard let header = headers.value(of: "Content-Type") else { return nil }
        let type = header.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        return String(type.filter { $0 != " " && $0 != "\t" }).lowercased()
    }
}
