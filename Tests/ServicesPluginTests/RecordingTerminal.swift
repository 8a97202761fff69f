import ShopPluginAPI
import Synchronization

/// A terminal that records what is drawn on it and never waits.
final class RecordingTerminal: TerminalSurface {
    let drawn = Mutex<[String]>([])
    var size: (columns: Int, rows: Int) { (80, 24) }
    func write(_ text: String) { drawn.withLock { $0.append(text) } }
    func waitForKey(seconds: Double) -> Bool { false }
}
