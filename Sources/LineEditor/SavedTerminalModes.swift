import Glibc
import Synchronization

/// Terminal modes saved before a change (``RawMode``, or a line being edited), restored at normal
/// process exit if the change is still in effect: `exit()` called on another thread while a line
/// is edited or raw mode is on does not leave the terminal unechoed.
enum SavedTerminalModes {
    private struct Entry {
        var fileDescriptor: Int32
        var modes: termios
    }

    private struct State {
        var entries: [Int: Entry] = [:]
        var nextToken = 0
    }

    private static let state = Mutex(State())

    /// Registers the exit hook once, on first use.
    private static let exitHookInstalled: Bool = atexit { SavedTerminalModes.restoreAllAtExit() } == 0

    static func register(fileDescriptor: Int32, modes: termios) -> Int {
        _ = exitHookInstalled
        return state.withLock { state in
            defer { state.nextToken += 1 }
            state.entries[state.nextToken] = Entry(fileDescriptor: fileDescriptor, modes: modes)
            return state.nextToken
        }
    }

    static func unregister(_ token: Int) {
        _ = state.withLock { $0.entries.removeValue(forKey: token) }
    }

    /// Restores and forgets the modes saved under `token`.
    static func restore(_ token: Int) {
        guard var entry = state.withLock({ $0.entries.removeValue(forKey: token) }) else { return }
        _ = tcsetattr(entry.fileDescriptor, TCSADRAIN, &entry.modes)
    }

    /// Restores every still-active raw mode, newest first so the oldest saved modes win.
    /// Skips the work rather than deadlock if another thread holds the lock at exit.
    private static func restoreAllAtExit() {
        _ = state.withLockIfAvailable { state in
            for token in state.entries.keys.sorted(by: >) {
                guard var entry = state.entries[token] else { continue }
                _ = tcsetattr(entry.fileDescriptor, TCSADRAIN, &entry.modes)
            }
            state.entries.removeAll()
        }
    }
}
