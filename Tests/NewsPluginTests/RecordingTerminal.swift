import ShopKit
import Synchronization

/// A terminal that records what is written to it.
final class RecordingTerminal: TerminalSurface {
    let imageProtocol: String?
    let written = Mutex("")

    init(imageProtocol: String? = nil) {
        self.imageProtocol = imageProtocol
    }

    var size: (columns: Int, rows: Int) { (80, 24) }
    func write(_ text: String) { written.withLock { $0 += text } }
    func waitForKey(seconds: Double) -> Bool { false }

    /// Everything written so far.
    var text: String { written.withLock { $0 } }
}
