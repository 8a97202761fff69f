import Synchronization

/// Passes output through to another sink while keeping a copy of what the current command
/// printed, so `history save --outputs` can write it as `#>` lines.
final class OutputRecorder: OutputSink {
    private let destination: any OutputSink
    private let recorded = Mutex<String?>(nil)

    init(passingTo destination: any OutputSink) {
        self.destination = destination
    }

    func write(_ text: String, to stream: OutputStreamKind) {
        destination.write(text, to: stream)
        recorded.withLock { $0?.append(text) }
    }

    func flush() {
        destination.flush()
    }

    /// Starts keeping a copy.
    func startRecording() {
        recorded.withLock { $0 = "" }
    }

    /// Stops and returns what was printed since ``startRecording()``.
    func stopRecording() -> String {
        recorded.withLock { text in
            defer { text = nil }
            return text ?? ""
        }
    }
}
