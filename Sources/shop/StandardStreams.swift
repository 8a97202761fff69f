import Glibc
import ShopPluginAPI
import Synchronization

/// Standard output and standard error as an output sink: output is buffered (flushed when a
/// terminal is attached, when the buffer fills, and before anything goes to standard error,
/// so the two streams keep their order). A closed pipe ends the process quietly.
///
/// Every text written passes through ``EscapeFilter`` on its way out: on standard output,
/// shop's colours and links are kept when the output is styled (`style`) and every other
/// escape is shown inert; unstyled output and standard error keep no escape at all. A file's bytes written to a stream (`save /dev/stdout`) go out
/// as they are, as `cat` would write them; the presenter's own cursor control in demo mode
/// goes through ``writeTerminalControl(_:)``.
final class StandardStreams: OutputSink {
    private let buffer = Mutex<[UInt8]>([])
    private let outputIsTerminal: Bool
    /// Whether standard output is styled, so that colours and links pass.
    private let keepsStyles: Bool
    private static let capacity = 1 << 16

    /// Streams whose standard output is styled with `style` (none unless given).
    init(style: TerminalStyle = .plain) {
        outputIsTerminal = isatty(STDOUT_FILENO) == 1
        keepsStyles = style.isEnabled
    }

    func write(_ text: String, to stream: OutputStreamKind) {
        write(text, to: stream, lineBreak: false)
    }

    /// Adds the line break to the buffer, not to a copy of `text`.
    func writeLine(_ text: String, to stream: OutputStreamKind) {
        write(text, to: stream, lineBreak: true)
    }

    /// Adds the line break to the buffer, and the bytes as they are.
    func writeLine(utf8 bytes: UnsafeBufferPointer<UInt8>, to stream: OutputStreamKind) {
        write(bytes, to: stream, lineBreak: true)
    }

    func writeFileContents(_ bytes: [UInt8], to stream: OutputStreamKind) {
        bytes.withUnsafeBufferPointer { write($0, to: stream, lineBreak: false, filtered: false) }
    }

    /// Writes shop's own cursor movements and line clearing (the demo presenter's prompt)
    /// to standard output as they are, in order with the rest.
    func writeTerminalControl(_ text: String) {
        var text = text
        text.withUTF8 { write($0, to: .standardOutput, lineBreak: false, filtered: false) }
    }

    private func write(_ text: String, to stream: OutputStreamKind, lineBreak: Bool) {
        var text = text
        text.withUTF8 { write($0, to: stream, lineBreak: lineBreak) }
    }

    private func write(
        _ bytes: UnsafeBufferPointer<UInt8>, to stream: OutputStreamKind, lineBreak: Bool, filtered: Bool = true
    ) {
        buffer.withLock { buffer in
            switch stream {
            case .standardOutput:
                Self.append(bytes, to: &buffer, filtered: filtered, keepingStyles: keepsStyles)
                if lineBreak { buffer.append(UInt8(ascii: "\n")) }
                if outputIsTerminal || buffer.count >= Self.capacity { Self.drain(&buffer) }
            case .standardError:
                Self.drain(&buffer)
                var line: [UInt8] = []
                Self.append(bytes, to: &line, filtered: filtered, keepingStyles: false)
                if lineBreak { line.append(UInt8(ascii: "\n")) }
                Self.writeAll(line, to: STDERR_FILENO)
            }
        }
    }

    /// Appends `bytes`, through the escape filter when `filtered`.
    private static func append(
        _ bytes: UnsafeBufferPointer<UInt8>, to buffer: inout [UInt8], filtered: Bool, keepingStyles: Bool
    ) {
        if filtered && EscapeFilter.needsFiltering(bytes) {
            EscapeFilter.filter(bytes, keepingStyles: keepingStyles, into: &buffer)
        } else {
            buffer.append(contentsOf: bytes)
        }
    }

    func flush() {
        buffer.withLock { Self.drain(&$0) }
    }

    private static func drain(_ buffer: inout [UInt8]) {
        guard !buffer.isEmpty else { return }
        writeAll(buffer, to: STDOUT_FILENO)
        buffer.removeAll(keepingCapacity: true)
    }

    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32) {
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { raw in
                Glibc.write(descriptor, raw.baseAddress.map { $0 + written }, raw.count - written)
            }
            if count < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                // The reader went away (`shop run x | head -1`): stop quietly, as `yes | head` does.
                if errno == EPIPE { ProcessEnd.exit(0) }
                return
            }
            written += count
        }
    }
}
