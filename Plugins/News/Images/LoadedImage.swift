/// An image the ``ImageLoader`` delivered, with where it came from.
public struct LoadedImage: Sendable, Equatable {
    /// The URL as asked for.
    public var url: String
    /// The file's bytes.
    public var data: [UInt8]
    /// Format and pixel size, read from the header.
    public var header: ImageHeader
    /// Where the bytes came from this time.
    public var origin: ImageOrigin

    public init(url: String, data: [UInt8], header: ImageHeader, origin: ImageOrigin) {
        self.url = url
        self.data = data
        self.header = header
        self.origin = origin
    }

    /// The file's size in bytes.
    public var byteCount: Int { data.count }
}
