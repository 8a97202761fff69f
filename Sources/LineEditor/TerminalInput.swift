import Glibc
import Synchronization

/// The keyboard side of one terminal, shared by everything that reads keys from it: bytes one
/// reader took from the terminal but did not use stay here, in order, for the next reader.
///
/// An animation's ``KeyReader`` may read ahead of the key it is looking for (a paste arrives as
/// one chunk); what it leaves is what the ``LineEditor`` reads first at the next prompt, so
/// typed-ahead and pasted lines are never lost between readers. Give every reader of a
/// terminal the same instance.
///
/// ```swift
/// let keyboard = TerminalInput(fileDescriptor: STDIN_FILENO)
/// let editor = try LineEditor(input: STDIN_FILENO, typeAhead: keyboard)
/// let keys = KeyReader(input: keyboard)
/// ```
public final class TerminalInput: Sendable {
    /// The terminal this reads.
    public let fileDescriptor: Int32
    private let state = Mutex(State())

    private struct State {
        var unread: [UInt8] = []
        var reachedEnd = false
    }

    /// Reads keys from the terminal on `fileDescriptor`.
    public init(fileDescriptor: Int32 = STDIN_FILENO) {
        self.fileDescriptor = fileDescriptor
    }

    /// The bytes read from the terminal and not used yet, oldest first.
    var unread: [UInt8] { state.withLock { $0.unread } }

    /// Whether the terminal's input is closed and every byte read.
    var isExhausted: Bool { state.withLock { $0.reachedEnd && $0.unread.isEmpty } }

    /// Takes the first `count` unread bytes away (they were used).
    func consume(_ count: Int) {
        state.withLock { $0.unread.removeFirst(min(count, $0.unread.count)) }
    }

    /// Takes every unread byte away, for a reader that uses them all.
    func takeUnread() -> [UInt8] {
        state.withLock { state in
            defer { state.unread.removeAll() }
            return state.unread
        }
    }

    /// Whether a key is waiting: unread here, or in the terminal's queue.
    var hasPendingInput: Bool {
        if !unread.isEmpty { return true }
        var descriptor = pollfd(fd: fileDescriptor, events: Int16(POLLIN), revents: 0)
        return poll(&descriptor, 1, 0) > 0
    }

    /// Drops everything typed and not yet used, here and in the terminal's queue.
    public func discardPending() {
        state.withLock { $0.unread.removeAll() }
        Terminal.discardPendingInput(fileDescriptor)
    }

    /// Appends whatever the terminal has, waiting up to `wait` (forever when nil) for some.
    /// Returns false when nothing arrived (timeout or end of input).
    ///
    /// - Throws: ``TerminalError/systemCallFailed(name:errno:)`` when polling or reading fails.
    func fill(waitingUpTo wait: Duration?) throws(TerminalError) -> Bool {
        guard !state.withLock({ $0.reachedEnd }) else { return false }
        var descriptor = pollfd(fd: fileDescriptor, events: Int16(POLLIN), revents: 0)
        let ready = poll(&descriptor, 1, wait.map(KeyReader.milliseconds) ?? -1)
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
                state.withLock { $0.reachedEnd = true }
                return false
            }
            throw .systemCallFailed(name: "read", errno: errno)
        }
        state.withLock { state in
            if count == 0 { state.reachedEnd = true } else { state.unread.append(contentsOf: chunk[..<count]) }
        }
        return count > 0
    }
}
