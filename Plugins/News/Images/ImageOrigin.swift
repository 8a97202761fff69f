/// Where a ``LoadedImage`` came from.
public enum ImageOrigin: String, Sendable, Equatable, CustomStringConvertible {
    /// The memory cache: no I/O at all.
    case memory
    /// The disk cache.
    case disk
    /// A download (possibly shared with other callers who asked at the same time).
    case network
    /// The images built into the plugin (`embedded://images/…`).
    case embedded

    /// `memory hit`, `disk hit`, `downloaded`, `embedded`.
    public var description: String {
        switch self {
        case .memory: "memory hit"
        case .disk: "disk hit"
        case .network: "downloaded"
        case .embedded: "embedded"
        }
    }
}
