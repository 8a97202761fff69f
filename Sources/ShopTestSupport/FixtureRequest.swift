/// One parsed request: its line, its headers and its body.
public struct FixtureRequest: Sendable, Equatable {
    public var method: String
    /// The target without its query, e.g. `/api/news/1/15`.
    public var path: String
    /// False when the client sent `Connection: close` or spoke HTTP/1.0.
    var keepAlive: Bool
    /// The headers by lowercased name (the last of a name sent twice).
    public var headers: [String: String]
    /// The body, as sent (`Content-Length` bytes).
    public var body: [UInt8]
}
