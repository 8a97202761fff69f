import Foundation

/// An image the ``ImageLoader`` delivered, with where it came from.
public struct LoadedImage: Sendable, Equatable {
    /// The URL as asked for.
    public var url: String
    /// The file's bytes.
    public var data: Data
    /// Format and pixel size, read from the header.
    public var header: ImageHeader
    /// Where the bytes came from this time.
    public var origin: ImageOrigin

    public init(url: String, data: Data, header: ImageHeader, origin: ImageOrigin) {
        self.url = url
        self.data = data
        self.header = header
        self.origin = origin
    }

    /// The file's size in bytes.
    public var byteCount: Int { data.count }
}

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
