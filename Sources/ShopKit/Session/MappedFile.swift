#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file's bytes, mapped into memory read-only instead of copied, for reading large files in
/// one pass.
///
/// Pages already read can be given back with ``discard(_:)``, so a pass over a file of
/// hundreds of megabytes keeps only what it builds resident. Files that cannot be mapped
/// (empty files, pipes, `/proc`) are read into memory instead. Errors are the ones
/// ``FileSystem/read(_:)`` gives.
///
/// ```swift
/// let file = try MappedFile(path: path)
/// let count = file.bytes.reduce(0) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
/// ```
///
/// It may be shared between threads that read parts of the file at once: nothing in it
/// changes after it is made, the bytes are only read, and `madvise` is safe from any thread.
public final class MappedFile: @unchecked Sendable {
    /// The file's contents; valid while this object lives.
    public let bytes: UnsafeBufferPointer<UInt8>
    /// Whether ``bytes`` is a mapping (else an allocated copy).
    private let isMapped: Bool

    /// Maps (or reads) the file at `path`.
    public init(path: String) throws(FileError) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw FileError(path: path, action: .read, code: errno) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw FileError(path: path, action: .read, code: errno) }
        guard status.st_mode & S_IFMT != S_IFDIR else { throw FileError(path: path, action: .read, code: EISDIR) }
        let size = Int(status.st_size)
        if status.st_mode & S_IFMT == S_IFREG, size > 0,
            let address = mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0), address != MAP_FAILED
        {
            bytes = UnsafeBufferPointer(start: address.assumingMemoryBound(to: UInt8.self), count: size)
            isMapped = true
            return
        }
        let copy = try FileSystem.read(path)
        let storage = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(1, copy.count))
        _ = storage.initialize(from: copy)
        bytes = UnsafeBufferPointer(start: storage.baseAddress, count: copy.count)
        isMapped = false
    }

    deinit {
        guard let base = bytes.baseAddress else { return }
        if isMapped {
            munmap(UnsafeMutableRawPointer(mutating: base), bytes.count)
        } else {
            UnsafeMutablePointer(mutating: base).deallocate()
        }
    }

    /// Gives the whole pages inside `range` back to the system. Reading them again later still
    /// works: they come from the file again.
    public func discard(_ range: Range<Int>) {
        guard isMapped, let base = bytes.baseAddress else { return }
        let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))
        let start = (max(0, range.lowerBound) + pageSize - 1) / pageSize * pageSize
        let end = min(range.upperBound, bytes.count) / pageSize * pageSize
        guard end > start else { return }
        madvise(UnsafeMutableRawPointer(mutating: base + start), end - start, MADV_DONTNEED)
    }
}
