import Glibc

/// Reads key presses from a terminal in raw mode, with a timeout.
///
/// Put the terminal in raw mode first (``RawMode`` or ``Terminal/withRawMode(_:interruptsAsKeys:_:)``);
/// otherwise keys arrive only after Enter. Bytes of a key that arrive split (escape sequences,
/// multi-byte characters) are joined by waiting up to 30 ms for the rest. Bytes read but not
/// used stay in the reader's ``TerminalInput``, for the next reader of the terminal. Not
/// thread-safe: use one reader from one place.
public final class KeyReader {
    /// The terminal input this reads.
    public let input: TerminalInput
    /// The terminal input's descriptor.
    public var fileDescriptor: Int32 { input.fileDescriptor }

    /// How long to wait for the rest of a key whose first bytes arrived.
    private static let sequenceWait = Duration.milliseconds(30)

    /// Creates a reader of `input`, shared with the terminal's other readers.
    public init(input: TerminalInput) {
        self.input = input
    }

    /// Creates a reader of `fileDescriptor` with input of its own.
    public convenience init(fileDescriptor: Int32 = STDIN_FILENO) {
        self.init(input: TerminalInput(fileDescriptor: fileDescriptor))
    }

    /// Waits for the next key, at most `timeout` (forever when nil); nil when none came in time.
    ///
    /// - Throws: ``TerminalError/endOfInput`` once the input is closed and every key read,
    ///   ``TerminalError/systemCallFailed(name:errno:)`` when reading fails.
    public func readKey(timeout: Duration? = nil) throws(TerminalError) -> TerminalKey? {
        let deadline = timeout.map { ContinuousClock.now + $0 }
        while true {
            let unread = input.unread
            if !unread.isEmpty {
                if case .key(let key, let length) = KeyDecoder.decode(unread[...], final: false) {
                    input.consume(length)
                    return key
                }
                if try !input.fill(waitingUpTo: Self.sequenceWait),
                    case .key(let key, let length) = KeyDecoder.decode(input.unread[...], final: true)
                {
                    input.consume(length)
                    return key
                }
                continue
            }
            if input.isExhausted { throw .endOfInput }
            let remaining = deadline.map { max(.zero, $0 - ContinuousClock.now) }
            guard try input.fill(waitingUpTo: remaining) else {
                if input.isExhausted { throw .endOfInput }
                return nil
            }
        }
    }

    /// For an animation that any key skips: whether keys are waiting (typed ahead, pasted) or
    /// one is pressed within `timeout`.
    ///
    /// Nothing typed is used up, so every key still reaches the prompt in order, the one that
    /// skipped included, with one exception: a lone Escape pressed during the animation is
    /// taken away, since at the prompt it would turn the next key into a Meta key (emacs) or
    /// leave insert mode (vi).
    public func skipRequested(within timeout: Duration) throws(TerminalError) -> Bool {
        if input.hasPendingInput { return true }
        guard try input.fill(waitingUpTo: timeout) else { return false }
        if input.unread == [0x1B], try !input.fill(waitingUpTo: Self.sequenceWait) {
            input.consume(1)
        }
        return true
    }

    /// Drops keys already typed but not yet read, here and in the terminal's input queue.
    public func discardPendingInput() {
        input.discardPending()
    }

    /// `duration` in whole milliseconds, rounded up, as `poll` takes it.
    static func milliseconds(_ duration: Duration) -> Int32 {
        guard duration > .zero else { return 0 }
        let (seconds, attoseconds) = duration.components
        let milliseconds = seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
        return Int32(clamping: milliseconds)
    }
}
