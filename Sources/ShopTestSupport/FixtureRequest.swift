/// One parsed request line and the headers ``FixtureServer`` cares about.
struct FixtureRequest: Sendable, Equatable {
    var method: String
    /// The target without its query, e.g. `/api/news/1/15`.
    var path: String
    /// False when the client sent `Connection: close` or spoke HTTP/1.0.
    var keepAlive: Bool
}
