import ShopPluginAPI
import Synchronization

/// An output sink that keeps everything written to both streams, in order, in memory.
///
/// `shop test` checks each step's text; tests use it to look at what a session printed.
public final class CapturedOutput: OutputSink {
    private let text = Mutex("")
    private let errors = Mutex("")

    public init() {}

    public func write(_ text: String, to stream: OutputStreamKind) {
        self.text.withLock { $0 += text }
        if stream == .standardError { errors.withLock { $0 += text } }
    }

    public func flush() {}

    /// Everything written since the last ``take()``, and forgets it.
    public func take() -> String {
        errors.withLock { $0 = "" }
        return text.withLock { text in
            defer { text = "" }
            return text
        }
    }

    /// What was written to standard error since the last ``take()``.
    public var standardError: String {
        errors.withLock { $0 }
    }
}
