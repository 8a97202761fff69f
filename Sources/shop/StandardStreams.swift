import Glibc
import ShopKit
import Synchronization

/// Standard output and standard error as an output sink: output is buffered (flushed when a
/// terminal is attached, when the buffer fills, and before anything goes to standard error,
/// so the two streams keep their order). A closed pipe ends the process quietly.
final class StandardStreams: OutputSink {
    private let buffer = Mutex<[UInt8]>([])
    private let outputIsTerminal: Bool
    private static let capacity = 1 << 16

    init() {
        outputIsTerminal = isatty(STDOUT_FILENO) == 1
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

    private func write(_ text: String, to stream: OutputStreamKind, lineBreak: Bool) {
        var text = text
        text.withUTF8 { write($0, to: stream, lineBreak: lineBreak) }
    }

    private func write(_ bytes: UnsafeBufferPointer<UInt8>, to stream: OutputStreamKind, lineBreak: Bool) {
        buffer.withLock { buffer in
            switch stream {
            case .standardOutput:
                buffer.append(contentsOf: bytes)
                if lineBreak { buffer.append(UInt8(ascii: "\n")) }
                if outputIsTerminal || buffer.count >= Self.capacity { Self.drain(&buffer) }
            case .standardError:
                Self.drain(&buffer)
                Self.writeAll(Array(bytes) + (lineBreak ? [UInt8(ascii: "\n")] : []), to: STDERR_FILENO)
            }
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
