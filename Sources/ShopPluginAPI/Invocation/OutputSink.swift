/// Where a session's text goes: standard output and standard error, or a capture of both.
///
/// Implementations must keep the order of writes across the two streams.
public protocol OutputSink: Sendable {
    /// Writes `text` as is (callers add the newlines).
    func write(_ text: String, to stream: OutputStreamKind)
    /// Writes `text` and a line break: `write(text + "\n", to: stream)` unless the sink adds
    /// the break without making a new string (every shown value is written so).
    func writeLine(_ text: String, to stream: OutputStreamKind)
    /// Writes the UTF-8 text `bytes` and a line break, as ``writeLine(_:to:)`` writes theirs;
    /// a sink that keeps bytes need not make a `String` of them (each `--format json` result
    /// is written so).
    func writeLine(utf8 bytes: UnsafeBufferPointer<UInt8>, to stream: OutputStreamKind)
    /// Writes `bytes` exactly as they are, in order with the text: a file's contents sent to a
    /// stream (`save /dev/stdout`), which a sink for a terminal does not filter as it filters
    /// the text shown to a person (``EscapeFilter``).
    func writeFileContents(_ bytes: [UInt8], to stream: OutputStreamKind)
    /// Pushes buffered text out.
    func flush()
}

extension OutputSink {
    public func writeLine(_ text: String, to stream: OutputStreamKind) {
        write(text + "\n", to: stream)
    }

    public func writeLine(utf8 bytes: UnsafeBufferPointer<UInt8>, to stream: OutputStreamKind) {
        writeLine(String(decoding: bytes, as: UTF8.self), to: stream)
    }

    public func writeFileContents(_ bytes: [UInt8], to stream: OutputStreamKind) {
        write(String(decoding: bytes, as: UTF8.self), to: stream)
    }
}

/// The two output streams.
public enum OutputStreamKind: Sendable, Equatable {
    /// Results and messages.
    case standardOutput
    /// Errors and warnings (and messages in `--format json`).
    case standardError
}
