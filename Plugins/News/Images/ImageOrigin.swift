/// Where a ``LoadedImage`` came from.
public enum ImageOrigin: String, Sendable, Equatable, CustomStringConvertible {
    /// The memory cache: no I/O at all.
    case memory
    /// The disk cache.
    case disk
    /// A download (possibly shared with other callers who asked at the same time).
    case network
    /// An HTTP archive's recorded answer (`news source FILE.har`): no network.
    case replayed
    /// The images built into the plugin (`embedded://images/…`).
    case embedded

    /// `memory hit`, `disk hit`, `downloaded`, `replayed`, `embedded`.
    public var description: String {
        switch self {
        case .memory: "memory hit"
        case .disk: "disk hit"
        case .network: "downloaded"
        case .replayed: "replayed"
        case .embedded: "embedded"
        }
    }
}
