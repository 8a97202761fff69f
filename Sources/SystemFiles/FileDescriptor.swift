#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An open file's descriptor, with the system calls that move bytes between it and an array
/// behind signatures that take no pointer.
///
/// Each call reads or writes only inside the array it is given (or makes), between the index
/// it is told to start at and the array's end: the pointer handed to the system is made from
/// the array's own storage for the length of the call and never kept. ``read(into:from:)``
/// and the writes make one system call each and answer as it does: how many bytes, 0 at the
/// end of the file, or -1 with `errno` set (so the caller decides about `EINTR` and `EAGAIN`).
/// The descriptor is the caller's to close.
public struct FileDescriptor: Sendable, Equatable {
    /// The descriptor's number.
    public let raw: Int32

    public init(_ raw: Int32) {
        self.raw = raw
    }

    /// Reads into `bytes[start...]` (`read(2)`), at most as many bytes as are left there.
    public func read(into bytes: inout [UInt8], from start: Int) -> Int {
        precondition(start >= 0 && start <= bytes.count, "a read starting outside the array")
        return bytes.withUnsafeMutableBytes { buffer in
            Glibc.read(raw, buffer.baseAddress.map { $0 + start }, buffer.count - start)
        }
    }

    /// How a read of a given number of bytes at an offset went.
    public enum PositionalRead: Equatable, Sendable {
        /// All of them.
        case read([UInt8])
        /// The file ended after this many.
        case ended(after: Int)
        /// The system refused, with this `errno` value.
        case failed(Int32)
    }

    /// Reads `count` bytes from the file's byte `offset` into a new array (`pread(2)`, again
    /// after a short read or an interruption); the descriptor's own offset does not move, so
    /// several threads may read one file at once.
    ///
    /// The array is made with room for `count` bytes, each read goes into the room not yet
    /// filled, and only the bytes read are counted as its elements.
    public func read(count: Int, atOffset offset: Int) -> PositionalRead {
        var outcome = PositionalRead.read([])
        let bytes = [UInt8](unsafeUninitializedCapacity: max(0, count)) { buffer, filled in
            guard let start = buffer.baseAddress else { return }
            while filled < buffer.count {
                let read = pread(raw, start + filled, buffer.count - filled, off_t(offset + filled))
                if read < 0 {
                    if errno == EINTR { continue }
                    outcome = .failed(errno)
                    return
                }
                if read == 0 {
                    outcome = .ended(after: filled)
                    return
                }
                filled += read
            }
        }
        guard case .read = outcome else { return outcome }
        return .read(bytes)
    }

    /// Writes `bytes[start...]` (`write(2)`); the system may take fewer.
    public func write(_ bytes: [UInt8], from start: Int) -> Int {
        precondition(start >= 0 && start <= bytes.count, "a write starting outside the array")
        return bytes.withUnsafeBytes { buffer in
            Glibc.write(raw, buffer.baseAddress.map { $0 + start }, buffer.count - start)
        }
    }

    /// Writes `bytes[start...]` at the file's byte `offset` (`pwrite(2)`); the system may take
    /// fewer, and the descriptor's own offset does not move.
    public func write(_ bytes: [UInt8], from start: Int, atOffset offset: Int) -> Int {
        precondition(start >= 0 && start <= bytes.count, "a write starting outside the array")
        return bytes.withUnsafeBytes { buffer in
            pwrite(raw, buffer.baseAddress.map { $0 + start }, buffer.count - start, off_t(offset))
        }
    }
}
