import SystemFiles

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads for data a user names (`open FILE`, `open -`): never more than a limit, never a
/// device or FIFO by mistake, and stopped by Ctrl-C within a tenth of a second.
extension FileSystem {
    /// The most a bounded read takes unless told otherwise: 1 GB.
    public static let defaultReadLimit = 1 << 30

    /// The bytes of the regular file at `path` (links followed), at most `limit` of them.
    ///
    /// A device (`/dev/zero`), FIFO, socket or folder is refused by its type before anything
    /// is opened for reading (``openRegularFile(_:)``). A file over `limit` is refused before it is
    /// read, and one that grows past it while read stops there. The bytes are read in parts
    /// and the read stops, as ``FileError/Problem/interrupted``, once the running task is
    /// cancelled.
    public static func readRegularFile(_ path: String, limit: Int = defaultReadLimit) throws(FileError) -> [UInt8] {
        let (descriptor, size) = try openRegularFile(path)
        defer { close(descriptor) }
        guard size <= limit else { throw FileError(path: path, action: .read, problem: .tooLarge(limit: limit)) }
        return try readToEnd(descriptor, named: path, expectedSize: size, limit: limit)
    }

    /// The first `count` bytes of the regular file at `path` (all of it when shorter), for a
    /// look at its header: refused as ``readRegularFile(_:limit:)`` refuses a file that is
    /// none.
    public static func readStart(ofRegularFile path: String, count: Int) throws(FileError) -> [UInt8] {
        let (descriptor, size) = try openRegularFile(path)
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: min(count, size))
        var filled = 0
        while filled < bytes.count {
            let got = FileDescriptor(descriptor).read(into: &bytes, from: filled)
            if got < 0, errno == EINTR || errno == EAGAIN { continue }
            if got < 0 { throw FileError(path: path, action: .read, code: errno) }
            if got == 0 { break }
            filled += got
        }
        return Array(bytes[..<filled])
    }

    /// The regular file at `path` opened for reading, with its size: a device, FIFO, socket
    /// or folder is refused by its type, read with `stat` before anything is opened; the file
    /// is then opened without blocking (a FIFO put in its place meanwhile cannot hold the
    /// open) and its type checked again on the open descriptor.
    private static func openRegularFile(_ path: String) throws(FileError) -> (descriptor: Int32, size: Int) {
        var status = stat()
        guard stat(path, &status) == 0 else { throw FileError(path: path, action: .read, code: errno) }
        try requireRegularFile(status, path)
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
        guard descriptor >= 0 else { throw FileError(path: path, action: .read, code: errno) }
        guard fstat(descriptor, &status) == 0 else {
            let code = errno
            close(descriptor)
            throw FileError(path: path, action: .read, code: code)
        }
        do {
            try requireRegularFile(status, path)
        } catch {
            close(descriptor)
            throw error
        }
        return (descriptor, max(0, Int(status.st_size)))
    }

    /// A stream (standard input) read to its end, at most `limit` bytes. It waits for data a
    /// tenth of a second at a time, so a cancelled task stops the read even when nothing
    /// comes (``FileError/Problem/interrupted``); `name` is how messages call it.
    public static func readStream(_ descriptor: Int32, named name: String, limit: Int = defaultReadLimit)
        throws(FileError) -> [UInt8]
    {
        try readToEnd(descriptor, named: name, expectedSize: 0, limit: limit)
    }

    /// How long a read waits for data before it looks for a cancellation again, in milliseconds.
    private static let cancellationCheckMilliseconds: Int32 = 100
    /// The most read at once.
    private static let readChunkBytes = 1 << 20

    /// Refuses, by its type read with `stat`, what is not a regular file at `path` (links
    /// followed), without opening it: for a file another library then opens itself, such as a
    /// database whose locks a second descriptor's close would drop.
    public static func requireRegularFile(at path: String) throws(FileError) {
        var status = stat()
        guard stat(path, &status) == 0 else { throw FileError(path: path, action: .read, code: errno) }
        try requireRegularFile(status, path)
    }

    private static func requireRegularFile(_ status: stat, _ path: String) throws(FileError) {
        let kind = status.st_mode & S_IFMT
        guard kind == S_IFREG else {
            guard kind != S_IFDIR else { throw FileError(path: path, action: .read, code: EISDIR) }
            throw FileError(path: path, action: .read, problem: .notRegularFile(describe(kind)))
        }
    }

    private static func readToEnd(_ descriptor: Int32, named name: String, expectedSize: Int, limit: Int)
        throws(FileError) -> [UInt8]
    {
        let outcome = FileDescriptor(descriptor).readToEnd(
            expectedSize: expectedSize, limit: limit, chunkBytes: readChunkBytes,
            waitMilliseconds: cancellationCheckMilliseconds)
        switch outcome {
        case .read(let bytes): return bytes
        case .failed(let code): throw FileError(path: name, action: .read, code: code)
        case .tooLarge: throw FileError(path: name, action: .read, problem: .tooLarge(limit: limit))
        case .cancelled: throw FileError(path: name, action: .read, problem: .interrupted)
        }
    }
}
