import SystemFiles

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file opened for reading in parts, at any offset and from several threads at once, that
/// notices when it changes while it is read.
///
/// Bytes are copied out with `pread`, never mapped: a mapping faults (SIGBUS, which no Swift
/// code can recover from) when another process truncates the file under it. A change shows
/// two ways — a read that ends before the size the file had when it was opened, and a size or
/// modification time that differs at ``checkUnchanged()`` — and both are ``Failure/changed``.
/// A file replaced by a rename is not a change: the open file is still the old one.
/// Files that cannot be read at an offset (pipes, `/dev/stdin`, `/proc`) are read whole when
/// opened and served from memory, as are empty files.
///
/// ```swift
/// let file = try FileReader(path: path)
/// let head = try file.bytes(count: 4096, at: 0)
/// try file.checkUnchanged()
/// ```
public final class FileReader: Sendable {
    /// Why reading stopped.
    public enum Failure: Error, Equatable {
        /// The system refused the read (an I/O error, say).
        case unreadable(FileError)
        /// The file is shorter, longer or newer than when it was opened.
        case changed
    }

    /// The path as given.
    public let path: String
    /// The file's size when it was opened; reads never go past it.
    public let size: Int
    /// The descriptor of a regular file, or nil when ``contents`` holds the bytes.
    private let descriptor: FileDescriptor?
    /// The bytes of a file that cannot be read at an offset.
    private let contents: [UInt8]
    /// The modification time when opened, in seconds and nanoseconds.
    private let modified: (seconds: Int, nanoseconds: Int)

    /// Opens the file at `path`; a folder or a missing file is a ``FileError``.
    public init(path: String) throws(FileError) {
        self.path = path
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw FileError(path: path, action: .read, code: errno) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            let code = errno
            close(descriptor)
            throw FileError(path: path, action: .read, code: code)
        }
        if status.st_mode & S_IFMT == S_IFDIR {
            close(descriptor)
            throw FileError(path: path, action: .read, code: EISDIR)
        }
        modified = (Int(status.st_mtim.tv_sec), Int(status.st_mtim.tv_nsec))
        // Files in /proc say they are regular and empty, and are read whole like pipes.
        if status.st_mode & S_IFMT == S_IFREG, status.st_size > 0 {
            self.descriptor = FileDescriptor(descriptor)
            size = Int(status.st_size)
            contents = []
        } else {
            close(descriptor)
            self.descriptor = nil
            contents = try FileSystem.read(path)
            size = contents.count
        }
    }

    deinit {
        if let descriptor { close(descriptor.raw) }
    }

    /// The `count` bytes from `offset`, or as many of them as the file holds up to ``size``.
    /// The file ending sooner is ``Failure/changed``.
    public func bytes(count: Int, at offset: Int) throws(Failure) -> [UInt8] {
        let wanted = max(0, min(count, size - offset))
        guard wanted > 0 else { return [] }
        guard let descriptor else { return Array(contents[offset..<offset + wanted]) }
        switch descriptor.read(count: wanted, atOffset: offset) {
        case .read(let bytes): return bytes
        case .ended: throw .changed
        case .failed(let code): throw .unreadable(FileError(path: path, action: .read, code: code))
        }
    }

    /// The whole file, as it was when opened.
    public func readAll() throws(Failure) -> [UInt8] {
        guard descriptor != nil else { return contents }
        return try bytes(count: size, at: 0)
    }

    /// Throws ``Failure/changed`` when the file's size or modification time is not what it was
    /// when it was opened. Call it after the last read: a writer that leaves the size as it was
    /// still changes the time.
    public func checkUnchanged() throws(Failure) {
        guard let descriptor else { return }
        var status = stat()
        guard fstat(descriptor.raw, &status) == 0 else {
            throw .unreadable(FileError(path: path, action: .read, code: errno))
        }
        guard Int(status.st_size) == size, Int(status.st_mtim.tv_sec) == modified.seconds,
            Int(status.st_mtim.tv_nsec) == modified.nanoseconds
        else { throw .changed }
    }
}
