#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension FileDescriptor {
    /// How a read to the end went.
    public enum ReadToEnd: Equatable, Sendable {
        /// Every byte up to the end.
        case read([UInt8])
        /// The system refused, with this `errno` value.
        case failed(Int32)
        /// More than the limit came.
        case tooLarge
        /// The running task was cancelled.
        case cancelled
    }

    /// Reads to the end, at most `limit` bytes: a file of `expectedSize` bytes straight into an
    /// array of that size (one byte more, to see that it ends there), then whatever comes, and
    /// every stream, in chunks of `chunkBytes`. It waits for data `waitMilliseconds` at a time
    /// and looks for the running task's cancellation between waits, so a cancelled read stops
    /// even when nothing comes.
    ///
    /// The array is made with room for `expectedSize + 1` bytes and no more than the bytes read
    /// into it are counted as its elements: a read never reaches past the room left, so no
    /// byte is counted that was not written.
    public func readToEnd(expectedSize: Int, limit: Int, chunkBytes: Int, waitMilliseconds: Int32) -> ReadToEnd {
        var failure: ReadToEnd?
        var ended = false
        var bytes = [UInt8](unsafeUninitializedCapacity: max(0, expectedSize) + 1) { buffer, count in
            guard let start = buffer.baseAddress else { return }
            while count < buffer.count {
                guard !Task.isCancelled else {
                    failure = .cancelled
                    return
                }
                let read: Int
                switch readWhenReady(
                    into: start + count, count: min(chunkBytes, buffer.count - count), waitMilliseconds)
                {
                case .waiting: continue
                case .failed(let code):
                    failure = .failed(code)
                    return
                case .read(let got): read = got
                }
                if read == 0 {
                    ended = true
                    return
                }
                guard count + read <= limit else {
                    failure = .tooLarge
                    return
                }
                count += read
            }
        }
        if let failure { return failure }
        if ended { return .read(bytes) }
        var chunk = [UInt8](repeating: 0, count: chunkBytes)
        while true {
            guard !Task.isCancelled else { return .cancelled }
            let outcome = chunk.withUnsafeMutableBufferPointer { buffer in
                readWhenReady(into: buffer.baseAddress.unsafelyUnwrapped, count: buffer.count, waitMilliseconds)
            }
            switch outcome {
            case .waiting: continue
            case .failed(let code): return .failed(code)
            case .read(0): return .read(bytes)
            case .read(let read):
                guard bytes.count + read <= limit else { return .tooLarge }
                bytes.append(contentsOf: chunk[0..<read])
            }
        }
    }

    /// What one wait for data gave.
    private enum PartRead {
        /// Nothing within the wait, or the call was interrupted: look for a cancellation and
        /// ask again.
        case waiting
        /// This many bytes, 0 at the end.
        case read(Int)
        /// The system refused, with this `errno` value.
        case failed(Int32)
    }

    /// Reads up to `count` bytes into `target`, which has room for them, once data is there.
    private func readWhenReady(into target: UnsafeMutablePointer<UInt8>, count: Int, _ waitMilliseconds: Int32)
        -> PartRead
    {
        var waiting = pollfd(fd: raw, events: Int16(POLLIN), revents: 0)
        let ready = poll(&waiting, 1, waitMilliseconds)
        if ready == 0 || (ready < 0 && errno == EINTR) { return .waiting }
        let read = Glibc.read(raw, target, count)
        if read < 0 { return errno == EINTR || errno == EAGAIN ? .waiting : .failed(errno) }
        return .read(read)
    }
}
