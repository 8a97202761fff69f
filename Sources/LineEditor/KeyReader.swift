import Glibc

/// Reads key presses from a terminal in raw mode, with a timeout.
///
/// Put the terminal in raw mode first (``RawMode`` or ``Terminal/withRawMode(_:interruptsAsKeys:_:)``);
/// otherwise keys arrive only after Enter. Bytes of a key that arrive split (escape sequences,
/// multi-byte characters) are joined by waiting up to 30 ms for the rest. Not thread-safe: use
/// one reader from one place.
public final class KeyReader {
    /// The terminal input this reads.
    public let fileDescriptor: Int32
    private var buffer: [UInt8] = []
    private var reachedEnd = false

    /// How long to wait for the rest of a key whose first bytes arrived.
    private static let sequenceWait = Duration.milliseconds(30)

    /// Creates a reader of `fileDescriptor`.
    public init(fileDescriptor: Int32 = STDIN_FILENO) {
        self.fileDescriptor = fileDescriptor
    }

    /// Waits for the next key, at most `timeout` (forever when nil); nil when none came in time.
    ///
    /// - Throws: ``TerminalError/endOfInput`` once the input is closed and every key read,
    ///   ``TerminalError/systemCallFailed(name:errno:)`` when reading fails.
    public func readKey(timeout: Duration? = nil) throws(TerminalError) -> TerminalKey? {
        let deadline = timeout.map { ContinuousClock.now + $0 }
        while true {
            if !buffer.isEmpty {
                if case .key(let key, let length) = KeyDecoder.decode(buffer[...], final: false) {
                    buffer.removeFirst(length)
                    return key
                }
                if try !fill(waitingUpTo: Self.sequenceWait),
                    case .key(let key, let length) = KeyDecoder.decode(buffer[...], final: true)
                {
                    buffer.removeFirst(length)
                    return key
                }
                continue
            }
            if reachedEnd { throw .endOfInput }
            let remaining = deadline.map { max(.zero, $0 - ContinuousClock.now) }
            guard try fill(waitingUpTo: remaining) else {
                if reachedEnd { throw .endOfInput }
                return nil
            }
        }
    }

    /// Drops keys already typed but not yet read, here and in the terminal's input queue.
    public func discardPendingInput() {
        buffer.removeAll()
        Terminal.discardPendingInput(fileDescriptor)
    }

    /// Appends whatever input is available, waiting up to `wait` (forever when nil) for some.
    /// Returns false when nothing arrived (timeout or end of input).
    private func fill(waitingUpTo wait: Duration?) throws(TerminalError) -> Bool {
        guard !reachedEnd else { return false }
        var descriptor = pollfd(fd: fileDescriptor, events: Int16(POLLIN), revents: 0)
        let ready = poll(&descriptor, 1, wait.map(Self.milliseconds) ?? -1)
        if ready < 0 {
            if errno == EINTR { return false }
            throw .systemCallFailed(name: "poll", errno: errno)
        }
        guard ready > 0 else { return false }
        var chunk = [UInt8](repeating: 0, count: 256)
        let count = chunk.withUnsafeMutableBytes { read(fileDescriptor, $0.baseAddress, $0.count) }
        if count < 0 {
            if errno == EINTR || errno == EAGAIN { return false }
            if errno == EIO {
                reachedEnd = true
                return false
            }
            throw .systemCallFailed(name: "read", errno: errno)
        }
        guard count > 0 else {
            reachedEnd = true
            return false
        }
        buffer.append(contentsOf: chunk[..<count])
        return true
    }

    /// `duration` in whole milliseconds, rounded up, as `poll` takes it.
    static func milliseconds(_ duration: Duration) -> Int32 {
        guard duration > .zero else { return 0 }
        let (seconds, attoseconds) = duration.components
        let milliseconds = seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
        return Int32(clamping: milliseconds)
    }
}
