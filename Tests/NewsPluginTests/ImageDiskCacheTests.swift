import Glibc
import NewsPlugin
import ShopPluginAPI
import ShopTestSupport
import Testing

/// The disk cache of pictures: bounded in bytes, the least recently used going first.
@Suite struct ImageDiskCacheTests {
    let folder: FileSystemFolder

    init() throws {
        folder = try FileSystemFolder(prefix: "image-disk-cache")
    }

    private let picture = [UInt8](repeating: 7, count: 1000)

    /// Marks the file of `url` as last used `secondsAgo` seconds ago.
    private func age(_ cache: ImageDiskCache, _ url: String, secondsAgo: Int) {
        var times = [timespec](repeating: timespec(tv_sec: time(nil) - secondsAgo, tv_nsec: 0), count: 2)
        #expect(utimensat(AT_FDCWD, cache.path(for: url), &times, 0) == 0)
    }

    @Test func theLeastRecentlyUsedPicturesGoFirstWhenTheBoundIsPassed() {
        // Room for three pictures and their header lines, not four.
        let cache = ImageDiskCache(directory: folder.path + "/images", capacityBytes: 3300)
        for (offset, url) in ["http://h/a", "http://h/b", "http://h/c"].enumerated() {
            #expect(cache.store(picture, for: url))
            age(cache, url, secondsAgo: 100 - offset)
        }
        // Reading `a` makes it the most recently used: `b` is now the oldest.
        #expect(cache.data(for: "http://h/a") == picture)
        #expect(cache.store(picture, for: "http://h/d"))
        #expect(cache.data(for: "http://h/b") == nil)
        for url in ["http://h/a", "http://h/c", "http://h/d"] { #expect(cache.data(for: url) == picture) }
        #expect(FileSystem.contents(of: folder.path + "/images").count == 3)
    }

    @Test func aPictureLargerThanTheWholeBoundIsNotStoredAndEvictsNothing() {
        let cache = ImageDiskCache(directory: folder.path + "/images", capacityBytes: 1500)
        #expect(cache.store(picture, for: "http://h/small"))
        #expect(!cache.store(picture + picture, for: "http://h/large"))
        #expect(cache.data(for: "http://h/small") == picture)
        #expect(cache.data(for: "http://h/large") == nil)
    }

    @Test func theBoundIs100MBUnlessTheEnvironmentSaysOtherwise() {
        #expect(ImageDiskCache.capacity(from: [:]) == 100 << 20)
        #expect(ImageDiskCache.capacity(from: ["SHOP_IMAGE_CACHE_SIZE": "5MB"]) == 5 << 20)
        #expect(ImageDiskCache.capacity(from: ["SHOP_IMAGE_CACHE_SIZE": "lots"]) == 100 << 20)
        #expect(ImageDiskCache(directory: folder.path).capacityBytes == 100 << 20)
    }
}
