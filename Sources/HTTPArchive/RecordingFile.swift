import Glibc
import ShopPluginAPI
import Synchronization
import SystemFiles

/// A file that grows while something is recorded into it and is complete after every write:
/// an asciinema cast (one line per event) or an HTTP archive (entries before a closing tail).
///
/// It starts life through ``FileSystem/writeAtomically(_:to:)`` with its first content (so
/// it replaces an old recording at once, and only a regular file), then each ``append(_:)``
/// or ``rewrite(from:with:)`` is one write of the bytes that keep it whole. A process killed
/// between two writes leaves a valid file with everything recorded up to then; ``close()``
/// flushes it to disk, once: the first content is not flushed on its own, since what follows
/// it is not either until then (two flushes there cost up to 10 ms on a busy disk, more than
/// recording 100 exchanges).
///
/// ```swift
/// let file = try RecordingFile.create(at: path, named: "talk.cast", with: Array(header.utf8))
/// try file.append(Array(event.utf8))
/// try file.close()
/// ```
public final class RecordingFile: Sendable {
    /// The path written, as the user gave it (for messages).
    public let name: String
    private let state: Mutex<(descriptor: Int32, size: Int)>

    private init(name: String, descriptor: Int32, size: Int) {
        self.name = name
        state = Mutex((descriptor, size))
    }

    deinit {
        state.withLock { if $0.descriptor >= 0 { _ = Glibc.close($0.descriptor) } }
    }

    /// Creates (or replaces) the file at `path` holding `initial`, and opens it for growing.
    ///
    /// - Throws: ``FileError`` for a device, FIFO or folder, or when the folder is missing or
    ///   not writable.
    public static func create(at path: String, named name: String, with initial: [UInt8]) throws(FileError)
        -> RecordingFile
    {
        try FileSystem.writeAtomically(initial, to: path, named: name, flushing: false)
        // The file just put there, never a link put in its place since.
        let descriptor = open(path, O_WRONLY | O_CLOEXEC | O_NOFOLLOW)
        guard descriptor >= 0 else { throw FileError(path: name, action: .write, code: errno) }
        return RecordingFile(name: name, descriptor: descriptor, size: initial.count)
    }

    /// The file's length in bytes.
    public var size: Int { state.withLock { $0.size } }

    /// Adds `bytes` at the end.
    public func append(_ bytes: [UInt8]) throws(FileError) {
        try state.withLock { state throws(FileError) in
            try write(bytes, at: state.size, descriptor: state.descriptor)
            state.size += bytes.count
        }
    }

    /// Replaces everything from `offset` to the end with `bytes` (which, to keep the file whole
    /// at every moment, should be at least as long as what they replace).
    public func rewrite(from offset: Int, with bytes: [UInt8]) throws(FileError) {
        try state.withLock { state throws(FileError) in
            let start = min(max(0, offset), state.size)
            try write(bytes, at: start, descriptor: state.descriptor)
            if start + bytes.count < state.size, ftruncate(state.descriptor, off_t(start + bytes.count)) != 0 {
                throw FileError(path: name, action: .write, code: errno)
            }
            state.size = start + bytes.count
        }
    }

    /// Flushes the file to disk and closes it; later writes fail. Closing twice does nothing.
    public func close() throws(FileError) {
        try state.withLock { state throws(FileError) in
            guard state.descriptor >= 0 else { return }
            let descriptor = state.descriptor
            state.descriptor = -1
            let synced = fsync(descriptor) == 0
            let code = errno
            guard Glibc.close(descriptor) == 0, synced else {
                throw FileError(path: name, action: .write, code: synced ? errno : code)
            }
        }
    }

    /// One `pwrite` of all of `bytes` at `offset` (repeated only if the system writes less).
    private func write(_ bytes: [UInt8], at offset: Int, descriptor: Int32) throws(FileError) {
        guard descriptor >= 0 else { throw FileError(path: name, action: .write, code: EBADF) }
        var written = 0
        while written < bytes.count {
            let count = FileDescriptor(descriptor).write(bytes, from: written, atOffset: offset + written)
            if count < 0 {
                if errno == EINTR { continue }
                throw FileError(path: name, action: .write, code: errno)
            }
            written += count
        }
    }
}
