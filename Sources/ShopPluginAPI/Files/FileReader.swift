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
/// var head = [UInt8](repeating: 0, count: min(file.size, 4096))
/// _ = try head.withUnsafeMutableBytes { try file.read(into: $0, at: 0) }
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
    /// The descriptor of a regular file, or -1 when ``contents`` holds the bytes.
    private let descriptor: Int32
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
            self.descriptor = descriptor
            size = Int(status.st_size)
            contents = []
        } else {
            close(descriptor)
            self.descriptor = -1
            contents = try FileSystem.read(path)
            size = contents.count
        }
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }

    /// Fills `buffer` from `offset`, or as much of it as the file holds up to ``size``, and
    /// returns how many bytes that was. The file ending sooner is ``Failure/changed``.
    public func read(into buffer: UnsafeMutableRawBufferPointer, at offset: Int) throws(Failure) -> Int {
        let wanted = max(0, min(buffer.count, size - offset))
        guard wanted > 0, let base = buffer.baseAddress else { return 0 }
        guard descriptor >= 0 else {
            contents.withUnsafeBytes { source in
                if let start = source.baseAddress { base.copyMemory(from: start + offset, byteCount: wanted) }
            }
            return wanted
        }
        var done = 0
        while done < wanted {
            let count = pread(descriptor, base + done, wanted - done, off_t(offset + done))
            if count < 0 {
                if errno == EINTR { continue }
                throw .unreadable(FileError(path: path, action: .read, code: errno))
            }
            if count == 0 { throw .changed }
            done += count
        }
        return wanted
    }

    /// The whole file, as it was when opened.
    public func readAll() throws(Failure) -> [UInt8] {
        guard descriptor >= 0 else { return contents }
        var failure: Failure?
        let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
            do throws(Failure) {
                count = try read(into: UnsafeMutableRawBufferPointer(buffer), at: 0)
            } catch {
                failure = error
                count = 0
            }
        }
        if let failure { throw failure }
        return bytes
    }

    /// Throws ``Failure/changed`` when the file's size or modification time is not what it was
    /// when it was opened. Call it after the last read: a writer that leaves the size as it was
    /// still changes the time.
    public func checkUnchanged() throws(Failure) {
        guard descriptor >= 0 else { return }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            throw .unreadable(FileError(path: path, action: .read, code: errno))
        }
        guard Int(status.st_size) == size, Int(status.st_mtim.tv_sec) == modified.seconds,
            Int(status.st_mtim.tv_nsec) == modified.nanoseconds
        else { throw .changed }
    }
}
