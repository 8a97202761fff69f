import ShopKit

/// Image bytes on disk, one file per URL, surviving restarts.
///
/// A file is named after a 64-bit FNV-1a hash of its URL and starts with a line holding
/// the URL itself, so a hash collision reads as a miss, never as the wrong picture. Files
/// are written to a temporary name in the same directory and renamed into place, so a
/// reader never sees half a file. The cache is best-effort: a missing, unreadable or
/// unwritable directory behaves as an empty cache.
public struct ImageDiskCache: Sendable {
    /// Where the files live; created on first write.
    public let directory: String

    public init(directory: String) {
        self.directory = directory
    }

    /// The bytes stored for `url`, or nil.
    public func data(for url: String) -> [UInt8]? {
        guard let file = try? FileSystem.read(path(for: url)) else { return nil }
        let header = Array(Self.header(for: url).utf8)
        guard file.starts(with: header) else { return nil }
        return Array(file[header.count...])
    }

    /// Stores `data` for `url`, replacing any earlier file atomically; false when it could not.
    @discardableResult
    public func store(_ data: [UInt8], for url: String) -> Bool {
        guard FileSystem.createDirectory(directory) else { return false }
        do throws(FileError) {
            try FileSystem.writeAtomically(
                Array(Self.header(for: url).utf8) + data, to: path(for: url), privately: true)
            return true
        } catch {
            return false
        }
    }

    /// Deletes the file for `url`, if any.
    public func remove(_ url: String) {
        FileSystem.removeTree(path(for: url))
    }

    /// The file that holds `url`'s bytes.
    public func path(for url: String) -> String {
        directory + "/" + Self.fileName(for: url)
    }

    /// `0123456789abcdef.image`: the URL's FNV-1a 64-bit hash in hex.
    public static func fileName(for url: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in url.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex + ".image"
    }

    private static func header(for url: String) -> String {
        "shop-image-cache 1 \(url)\n"
    }
}
