import Glibc

/// Reads lines from input that is not a terminal (a pipe, a file, `TERM=dumb`): no editing,
/// no history, and a prompt only when given somewhere to write it.
///
/// Lines may be of any length. A line ends at `\n` (a `\r` before it is dropped); the last line
/// may lack its `\n`. A line that is not valid UTF-8 comes back as
/// ``LineEditorEvent/invalidUTF8(_:lineNumber:)`` with U+FFFD in place of the bad bytes.
///
/// ```swift
/// let reader = PlainLineReader(input: STDIN_FILENO)
/// while case .line(let text) = reader.readLine(prompt: "") { run(text) }
/// ```
public final class PlainLineReader: LineReading {
    /// The input this reads.
    public let input: Int32
    /// Where prompts are written, or nil to show none.
    public let promptOutput: Int32?
    /// The 1-based number of the line last returned (0 before the first).
    public private(set) var lineNumber = 0

    /// Ignored: plain input has no Tab completion.
    public var completionHandler: ((TabCompletionRequest) -> TabCompletion)?

    /// Whether prompts are shown (`TERM=dumb` on a terminal); plain input is never edited.
    public var isInteractive: Bool { promptOutput != nil }

    /// Keys other readers of the terminal read ahead (see ``TerminalInput``), taken first.
    private let typeAhead: TerminalInput?
    private var buffer: [UInt8] = []
    private var start = 0
    private var scanned = 0
    private var reachedEnd = false
    private var chunk: [UInt8]

    /// Creates a reader of `input`.
    ///
    /// - Parameters:
    ///   - input: The file descriptor to read.
    ///   - promptOutput: Where to write prompts, or nil for none (input from a pipe or file).
    ///   - typeAhead: The terminal's input shared with its other readers, read before `input`.
    ///   - chunkSize: How many bytes to ask for per `read`.
    public init(
        input: Int32 = STDIN_FILENO, promptOutput: Int32? = nil, typeAhead: TerminalInput? = nil,
        chunkSize: Int = 64 * 1024
    ) {
        self.input = input
        self.promptOutput = promptOutput
        self.typeAhead = typeAhead
        self.chunk = [UInt8](repeating: 0, count: max(1, chunkSize))
    }

    /// Reads the next line, writing `prompt` first when this reader has a prompt output.
    public func readLine(prompt: String) -> LineEditorEvent {
        if let promptOutput, !prompt.isEmpty { Self.writeAll(Array(prompt.utf8), to: promptOutput) }
        guard var bytes = nextLineBytes() else { return .endOfFile }
        lineNumber += 1
        if bytes.last == UInt8(ascii: "\r") { bytes.removeLast() }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            return .invalidUTF8(String(decoding: bytes, as: UTF8.self), lineNumber: lineNumber)
        }
        return .line(text)
    }

    /// Reads the next line without a prompt.
    public func readLine() -> LineEditorEvent {
        readLine(prompt: "")
    }

    /// Does nothing: plain input keeps no history.
    public func loadHistory(_ lines: [String]) {}

    /// Does nothing: plain input keeps no history.
    public func replaceHistory(older: [String], session: [String]) {}

    /// Does nothing: plain input keeps no history.
    public func addHistory(_ line: String) {}

    /// The bytes of the next line without its `\n`, or nil at the end of input.
    private func nextLineBytes() -> [UInt8]? {
        while true {
            if let newline = Self.firstNewline(in: buffer, from: scanned) {
                let line = Array(buffer[start..<newline])
                start = newline + 1
                scanned = start
                compact()
                return line
            }
            scanned = buffer.count
            if reachedEnd {
                guard start < buffer.count else { return nil }
                let line = Array(buffer[start...])
                start = buffer.count
                scanned = start
                compact()
                return line
            }
            fill()
        }
    }

    /// The index of the first `\n` at or after `start` (`memchr`: fast even in debug builds).
    private static func firstNewline(in bytes: [UInt8], from start: Int) -> Int? {
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress, start < buffer.count,
                let found = memchr(base + start, Int32(UInt8(ascii: "\n")), buffer.count - start)
            else { return nil }
            return UnsafeRawPointer(found) - UnsafeRawPointer(base)
        }
    }

    /// Takes what other readers left, else reads one chunk, or notes the end of input (read
    /// errors end it too).
    private func fill() {
        if let ahead = typeAhead?.takeUnread(), !ahead.isEmpty {
            buffer.append(contentsOf: ahead)
            return
        }
        var count = 0
        repeat {
            count = chunk.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
        } while count < 0 && errno == EINTR
        if count > 0 { buffer.append(contentsOf: chunk[..<count]) } else { reachedEnd = true }
    }

    /// Drops consumed bytes once they are the larger part of the buffer.
    private func compact() {
        guard start > 0, start * 2 >= buffer.count else { return }
        buffer.removeFirst(start)
        scanned -= start
        start = 0
    }

    static func writeAll(_ bytes: [UInt8], to fileDescriptor: Int32) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { write(fileDescriptor, $0.baseAddress, $0.count) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return }
            offset += written
        }
    }
}
