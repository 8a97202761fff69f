import ShopPluginAPI
import Synchronization

/// A terminal that records what is written to it, and the environment that describes it.
final class RecordingTerminal: TerminalSurface {
    let variables: [String: String]
    let written = Mutex("")

    init(imageProtocol: String? = nil) {
        switch imageProtocol {
        case "kitty": variables = ["TERM": "xterm-kitty"]
        case "iterm2": variables = ["TERM_PROGRAM": "iTerm.app"]
        default: variables = ["TERM": "xterm-256color"]
        }
    }

    var size: (columns: Int, rows: Int) { (80, 24) }
    func write(_ text: String) { written.withLock { $0 += text } }
    func waitForKey(seconds: Double) -> Bool { false }

    /// Everything written so far.
    var text: String { written.withLock { $0 } }
}
