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
            let got = bytes.withUnsafeMutableBytes { buffer in
                Glibc.read(descriptor, buffer.baseAddress.map { $0 + filled }, buffer.count - filled)
            }
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
        // A regular file is read straight into an array of its size (one byte more, to see that
        // it ends there); what comes past that, and every stream, in chunks.
        var failure: FileError?
        var ended = false
        var bytes = [UInt8](unsafeUninitializedCapacity: expectedSize + 1) { buffer, count in
            while count < buffer.count {
                guard !Task.isCancelled else {
                    failure = FileError(path: name, action: .read, problem: .interrupted)
                    return
                }
                guard let start = buffer.baseAddress else { return }
                let read: Int
                do throws(FileError) {
                    guard
                        let got = try readWhenReady(
                            descriptor, into: start + count, count: min(readChunkBytes, buffer.count - count),
                            named: name)
                    else { continue }
                    read = got
                } catch {
                    failure = error
                    return
                }
                if read == 0 {
                    ended = true
                    return
                }
                guard count + read <= limit else {
                    failure = FileError(path: name, action: .read, problem: .tooLarge(limit: limit))
                    return
                }
                count += read
            }
        }
        if let failure { throw failure }
        if ended { return bytes }
        var chunk = [UInt8](repeating: 0, count: readChunkBytes)
        while true {
            guard !Task.isCancelled else { throw FileError(path: name, action: .read, problem: .interrupted) }
            let read = try chunk.withUnsafeMutableBufferPointer { (buffer) throws(FileError) -> Int? in
                try readWhenReady(
                    descriptor, into: buffer.baseAddress.unsafelyUnwrapped, count: buffer.count, named: name)
            }
            guard let read else { continue }
            if read == 0 { return bytes }
            guard bytes.count + read <= limit else {
                throw FileError(path: name, action: .read, problem: .tooLarge(limit: limit))
            }
            bytes.append(contentsOf: chunk[0..<read])
        }
    }

    /// Reads up to `count` bytes into `target` once data is there: how many (0 at the end), or
    /// nil when none came within the wait (the caller looks for a cancellation and asks again).
    private static func readWhenReady(
        _ descriptor: Int32, into target: UnsafeMutablePointer<UInt8>, count: Int, named name: String
    )
        throws(FileError) -> Int?
    {
        var waiting = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        let ready = poll(&waiting, 1, cancellationCheckMilliseconds)
        if ready == 0 || (ready < 0 && errno == EINTR) { return nil }
        let read = Glibc.read(descriptor, target, count)
        if read < 0 {
            if errno == EINTR || errno == EAGAIN { return nil }
            throw FileError(path: name, action: .read, code: errno)
        }
        return read
    }
}
