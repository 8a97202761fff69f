import Glibc
import ShopPluginAPI

/// Image bytes on disk, one file per URL, surviving restarts, bounded in bytes.
///
/// A file is named after a 64-bit FNV-1a hash of its URL and starts with a line holding
/// the URL itself, so a hash collision reads as a miss, never as the wrong picture. Files
/// are written to a temporary name in the same directory and renamed into place, so a
/// reader never sees half a file. The cache is best-effort: a missing, unreadable or
/// unwritable directory behaves as an empty cache.
///
/// The files together hold at most ``capacityBytes`` (100 MB unless `SHOP_IMAGE_CACHE_SIZE`
/// says otherwise, such as `500MB`): each store removes the least recently used files until
/// they fit. A file's modification time is its last use: set when it is written and again at
/// each hit, so sessions sharing the folder share one order.
public struct ImageDiskCache: Sendable {
    /// The bound unless another is given: 100 MB.
    public static let defaultCapacityBytes = 100 << 20
    /// The environment variable that sets the bound: a size such as `500MB` (``ByteCount``).
    public static let capacityVariable = "SHOP_IMAGE_CACHE_SIZE"

    /// Where the files live; created on first write.
    public let directory: String
    /// The most bytes the files may hold together.
    public let capacityBytes: Int

    public init(directory: String, capacityBytes: Int = ImageDiskCache.defaultCapacityBytes) {
        self.directory = directory
        self.capacityBytes = capacityBytes
    }

    /// The bound `variables` set through ``capacityVariable``, else the default.
    public static func capacity(from variables: [String: String]) -> Int {
        variables[capacityVariable].flatMap(ByteCount.parse) ?? defaultCapacityBytes
    }

    /// The bytes stored for `url`, or nil; a hit counts as a use.
    public func data(for url: String) -> [UInt8]? {
        let path = path(for: url)
        guard let file = try? FileSystem.read(path) else { return nil }
        let header = Array(Self.header(for: url).utf8)
        guard file.starts(with: header) else { return nil }
        utimensat(AT_FDCWD, path, nil, 0)
        return Array(file[header.count...])
    }

    /// Stores `data` for `url`, replacing any earlier file atomically, then removes the least
    /// recently used files until the cache fits its bound; false when it could not store it
    /// (an image larger than the whole bound is not stored).
    @discardableResult
    public func store(_ data: [UInt8], for url: String) -> Bool {
        let bytes = Array(Self.header(for: url).utf8) + data
        guard bytes.count <= capacityBytes, FileSystem.createDirectory(directory) else { return false }
        let path = path(for: url)
        do throws(FileError) {
            try FileSystem.writeAtomically(bytes, to: path, privately: true)
        } catch {
            return false
        }
        trim(keeping: path)
        return true
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

    /// Removes the least recently used image files, never `kept`, until the rest fit in
    /// ``capacityBytes``.
    private func trim(keeping kept: String) {
        var files: [(path: String, bytes: Int, used: timespec)] = []
        for name in FileSystem.contents(of: directory) where name.hasSuffix(".image") {
            let path = directory + "/" + name
            var status = stat()
            guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { continue }
            files.append((path, Int(status.st_size), status.st_mtim))
        }
        var total = files.reduce(0) { $0 + $1.bytes }
        guard total > capacityBytes else { return }
        files.sort { ($0.used.tv_sec, $0.used.tv_nsec, $0.path) < ($1.used.tv_sec, $1.used.tv_nsec, $1.path) }
        for file in files where total > capacityBytes && file.path != kept {
            if unlink(file.path) == 0 || errno == ENOENT { total -= file.bytes }
        }
    }
}
