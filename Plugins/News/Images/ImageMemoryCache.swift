/// Images in memory, bounded by their total byte size, evicting the least recently used.
///
/// A value type: ``ImageLoader`` owns one. An image larger than the whole capacity is not
/// kept at all.
public struct ImageMemoryCache: Sendable {
    /// The most bytes kept at once.
    public let capacityBytes: Int
    /// Bytes kept now.
    public private(set) var totalBytes = 0

    private struct Entry: Sendable {
        var data: [UInt8]
        var header: ImageHeader
        var lastUse: UInt64
    }

    private var entries: [String: Entry] = [:]
    private var useCounter: UInt64 = 0

    public init(capacityBytes: Int) {
        self.capacityBytes = max(0, capacityBytes)
    }

    /// The image cached for `url`, marking it as just used.
    public mutating func image(for url: String) -> (data: [UInt8], header: ImageHeader)? {
        guard let entry = entries[url] else { return nil }
        useCounter += 1
        entries[url]?.lastUse = useCounter
        return (entry.data, entry.header)
    }

    /// Keeps `data` for `url`, evicting least recently used images until it fits.
    public mutating func insert(_ data: [UInt8], header: ImageHeader, for url: String) {
        remove(url)
        guard data.count <= capacityBytes else { return }
        while totalBytes + data.count > capacityBytes,
            let oldest = entries.min(by: { $0.value.lastUse < $1.value.lastUse })
        {
            remove(oldest.key)
        }
        useCounter += 1
        entries[url] = Entry(data: data, header: header, lastUse: useCounter)
        totalBytes += data.count
    }

    /// Forgets the image for `url`.
    public mutating func remove(_ url: String) {
        guard let entry = entries.removeValue(forKey: url) else { return }
        totalBytes -= entry.data.count
    }

    /// Cached URLs, least recently used first.
    public var urls: [String] {
        entries.sorted { $0.value.lastUse < $1.value.lastUse }.map(\.key)
    }
}
