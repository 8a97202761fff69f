import ShopPluginAPI
import Synchronization

/// Everything the audience sees in demo mode goes through here: the session's output, the
/// presenter's prompts and narration, and what commands draw on the terminal.
///
/// While ``runQuietly(_:)`` runs (the steps `g N` catches up on), output is hidden and
/// animations end at once; what went to standard error is handed back so the presenter can
/// report it. With a ``DemoCastRecorder``, everything shown is also recorded.
final class DemoScreen: OutputSink, TerminalSurface {
    private let streams: StandardStreams
    private let terminal: ShopTerminal
    private let recorder: DemoCastRecorder?
    /// The standard error text of the quiet run in progress; nil when output is shown.
    private let quietErrors = Mutex<String?>(nil)

    init(streams: StandardStreams, terminal: ShopTerminal, recorder: DemoCastRecorder?) {
        self.streams = streams
        self.terminal = terminal
        self.recorder = recorder
    }

    // MARK: Output

    func write(_ text: String, to stream: OutputStreamKind) {
        guard !hidden(text, stream: stream) else { return }
        streams.write(text, to: stream)
        recorder?.record(text, size: terminal.size)
    }

    func writeFileContents(_ bytes: [UInt8], to stream: OutputStreamKind) {
        guard !hidden(String(decoding: bytes, as: UTF8.self), stream: stream) else { return }
        streams.writeFileContents(bytes, to: stream)
        recorder?.record(String(decoding: bytes, as: UTF8.self), size: terminal.size)
    }

    /// Writes the presenter's own cursor movements and line clearing as they are.
    func writeTerminalControl(_ text: String) {
        streams.writeTerminalControl(text)
        recorder?.record(text, size: terminal.size)
    }

    func flush() {
        streams.flush()
    }

    /// Shows text the presenter's tools wrote to the terminal themselves (the live prompt),
    /// so the recording holds it too.
    func noteShown(_ text: String) {
        recorder?.record(text, size: terminal.size)
    }

    /// Runs `body` with output hidden; returns its result and what it wrote to standard error.
    func runQuietly<Result>(_ body: () async -> Result) async -> (Result, errors: String) {
        quietErrors.withLock { $0 = "" }
        let result = await body()
        let errors = quietErrors.withLock { errors in
            defer { errors = nil }
            return errors ?? ""
        }
        return (result, errors)
    }

    /// Whether `text` is held back by a quiet run (standard error text is kept for the report).
    private func hidden(_ text: String, stream: OutputStreamKind) -> Bool {
        quietErrors.withLock { errors in
            guard errors != nil else { return false }
            if stream == .standardError { errors? += text }
            return true
        }
    }

    private var isQuiet: Bool { quietErrors.withLock { $0 != nil } }

    // MARK: Terminal surface

    var size: (columns: Int, rows: Int) { terminal.size }

    func write(_ text: String) {
        guard !isQuiet else { return }
        streams.flush()
        terminal.write(text)
        recorder?.record(text, size: terminal.size)
    }

    /// During a quiet run a key counts as pressed at once, so animations end on their first frame.
    func waitForKey(seconds: Double) -> Bool {
        isQuiet || terminal.waitForKey(seconds: seconds)
    }
}
