import Glibc
import Synchronization

/// A terminal switched to raw input — keys arrive one at a time, unechoed — until
/// ``restore()`` or deinit.
///
/// Output processing stays on, so `"\n"` still starts a new line. The previous modes come back
/// on ``restore()``, on deinit, or at normal process exit (`exit`, return from `main`) if
/// neither ran; a process killed by a signal cannot restore them. Prefer the scoped
/// ``Terminal/withRawMode(_:interruptsAsKeys:_:)``.
///
/// ```swift
/// let raw = try RawMode(fileDescriptor: STDIN_FILENO)
/// defer { raw.restore() }
/// let keys = KeyReader(fileDescriptor: STDIN_FILENO)
/// if try keys.readKey(timeout: .seconds(1)) == .controlC { … }
/// ```
public final class RawMode: Sendable {
    /// The terminal whose modes this changed.
    public let fileDescriptor: Int32
    private let token: Int
    private let isActive = Mutex(true)

    /// Switches the terminal on `fileDescriptor` to raw input.
    ///
    /// - Parameter interruptsAsKeys: When true, Ctrl-C, Ctrl-\ and Ctrl-Z are delivered as keys
    ///   instead of raising signals; pass false while running work that Ctrl-C should interrupt
    ///   (input still unechoed and unbuffered, signals on even inside a raw mode that had them off).
    public init(fileDescriptor: Int32 = STDIN_FILENO, interruptsAsKeys: Bool = true) throws(TerminalError) {
        var original = termios()
        guard tcgetattr(fileDescriptor, &original) == 0 else {
            let code = errno
            throw code == ENOTTY
                ? .notATerminal(fileDescriptor: fileDescriptor)
                : .systemCallFailed(name: "tcgetattr", errno: code)
        }
        var raw = original
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO | ECHONL)
        if interruptsAsKeys {
            raw.c_lflag &= ~tcflag_t(ISIG | IEXTEN)
        } else {
            raw.c_lflag |= tcflag_t(ISIG)
        }
        withUnsafeMutableBytes(of: &raw.c_cc) { controlCharacters in
            controlCharacters[Int(VMIN)] = 1
            controlCharacters[Int(VTIME)] = 0
        }
        self.fileDescriptor = fileDescriptor
        self.token = SavedTerminalModes.register(fileDescriptor: fileDescriptor, modes: original)
        guard tcsetattr(fileDescriptor, TCSADRAIN, &raw) == 0 else {
            let code = errno
            SavedTerminalModes.unregister(token)
            throw .systemCallFailed(name: "tcsetattr", errno: code)
        }
    }

    /// Puts the terminal's previous modes back; later calls do nothing.
    public func restore() {
        let wasActive = isActive.withLock { active in
            defer { active = false }
            return active
        }
        if wasActive { SavedTerminalModes.restore(token) }
    }

    deinit { restore() }
}
