import ShopPluginAPI
import Synchronization

/// A terminal that records what is written to it and presses a key on a chosen wait.
final class FakeTerminal: TerminalSurface {
    let size: (columns: Int, rows: Int)
    /// The 1-based wait on which a key is "pressed", or nil for never.
    let keyOnWait: Int?
    private let recorded = Mutex<(writes: [String], waits: [Double])>(([], []))

    init(columns: Int = 80, rows: Int = 24, keyOnWait: Int? = nil) {
        self.size = (columns, rows)
        self.keyOnWait = keyOnWait
    }

    func write(_ text: String) {
        recorded.withLock { $0.writes.append(text) }
    }

    func waitForKey(seconds: Double) -> Bool {
        recorded.withLock { state in
            state.waits.append(seconds)
            return state.waits.count == keyOnWait
        }
    }

    /// Everything written, one element per write.
    var writes: [String] { recorded.withLock { $0.writes } }
    /// The seconds of every wait.
    var waits: [Double] { recorded.withLock { $0.waits } }
}
