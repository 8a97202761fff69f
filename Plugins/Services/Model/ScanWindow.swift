import ShopPluginAPI

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A buffer that moves along a file, so that ``FastCatalogScanner`` reads a catalog of
/// hundreds of megabytes with only a megabyte of it in memory at a time.
///
/// The scanner reads ``bytes``; when an item runs past their end, it moves the window on with
/// ``advance(keepingFrom:)``, which keeps the bytes from that item on and reads the next ones
/// after them. An item longer than the whole window cannot be read this way: the scanner then
/// gives the file up to ``CatalogDecoder``.
///
/// The buffer is a mapping of its own, not a `malloc` block: glibc raises the size from which
/// it maps blocks whenever a mapped block is freed, so freeing megabyte windows would leave
/// the load's later large lists in the heap, where freeing them returns nothing (measured:
/// 6 MB more at the peak of a million-service load).
final class ScanWindow {
    /// How many bytes a window holds.
    static let defaultCapacity = 1 << 20

    private let file: FileReader
    private let storage: UnsafeMutableBufferPointer<UInt8>
    /// Where ``bytes`` start in the file.
    private(set) var offset: Int
    /// The bytes of the file from ``offset`` on, as many as fit.
    private(set) var bytes: UnsafeBufferPointer<UInt8>

    /// A window over `file` from `offset`, filled.
    init(file: FileReader, offset: Int, capacity: Int = defaultCapacity) throws(FileReader.Failure) {
        self.file = file
        self.offset = offset
        guard let mapping = mmap(nil, max(1, capacity), PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
            mapping != MAP_FAILED
        else { throw .unreadable(FileError(path: file.path, action: .read, code: errno)) }
        storage = UnsafeMutableBufferPointer(
            start: mapping.bindMemory(to: UInt8.self, capacity: capacity), count: capacity)
        bytes = UnsafeBufferPointer(start: storage.baseAddress, count: 0)
        try fill(keeping: 0)
    }

    deinit {
        munmap(storage.baseAddress, storage.count)
    }

    /// The size of the file.
    var fileSize: Int { file.size }

    /// Whether ``bytes`` reach the end of the file.
    var reachesEnd: Bool { offset + bytes.count >= file.size }

    /// Whether a window that starts at `start` (an index into ``bytes``) would hold more than
    /// this one does from there.
    func canAdvance(keepingFrom start: Int) -> Bool {
        !reachesEnd && start > 0
    }

    /// Moves the window on to start at `start`, an index into ``bytes``, and fills it again;
    /// what was at `start` is at 0 afterwards.
    func advance(keepingFrom start: Int) throws(FileReader.Failure) {
        let kept = bytes.count - start
        if kept > 0, let base = storage.baseAddress {
            // Raw copies may overlap (memmove).
            UnsafeMutableRawPointer(base).copyMemory(from: base + start, byteCount: kept)
        }
        offset += start
        try fill(keeping: max(0, kept))
    }

    private func fill(keeping kept: Int) throws(FileReader.Failure) {
        let free = UnsafeMutableRawBufferPointer(UnsafeMutableBufferPointer(rebasing: storage[kept...]))
        let count = try file.read(into: free, at: offset + kept)
        bytes = UnsafeBufferPointer(start: storage.baseAddress, count: kept + count)
    }
}
