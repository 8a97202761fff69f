import Glibc
import HTTPArchive
import ShopPluginAPI
import Synchronization

/// `shop demo FILE --record talk.cast`: what the audience saw, as an asciinema v2 cast.
///
/// The file is a header line (`{"version": 2, "width": …, "height": …, "timestamp": …,
/// "env": …}`) and then one `[seconds, "o", text]` line per write to the terminal, with the
/// real time since the demo started; a change of the terminal's size is an `[seconds, "r",
/// "COLSxROWS"]` event at the time it happened (``recordResize(to:)``, called on `SIGWINCH`, see ``Interrupts/onResize(_:)``),
/// or at the latest before the next output. Every line is appended as it happens (``RecordingFile``), so a demo
/// that is killed still leaves a cast that plays up to that moment. A failed write ends the
/// recording; ``finish()`` says so.
final class DemoCastRecorder: Sendable {
    private let file: RecordingFile
    private let started = ContinuousClock.now
    private let state: Mutex<(size: TerminalCells, failure: FileError?)>

    /// A terminal size in character cells.
    typealias TerminalCells = (columns: Int, rows: Int)

    private init(file: RecordingFile, size: TerminalCells) {
        self.file = file
        state = Mutex((size, nil))
    }

    /// Starts the cast at `path` (`name` as the user gave it) for a terminal of `size`.
    ///
    /// - Throws: the file error that stops the demo before it starts (a folder that does not
    ///   exist or cannot be written, `/dev/null`).
    static func start(
        at path: String, named name: String, size: TerminalCells, title: String, variables: [String: String]
    ) throws -> DemoCastRecorder {
        let file = try RecordingFile.create(
            at: path, named: name, with: Array(header(size: size, title: title, variables: variables).utf8))
        return DemoCastRecorder(file: file, size: size)
    }

    /// The header line, newline included.
    static func header(size: TerminalCells, title: String, variables: [String: String]) -> String {
        var environment: [(String, Value)] = []
        for name in ["SHELL", "TERM"] {
            if let value = variables[name] { environment.append((name, .string(value))) }
        }
        let header = Record(pairs: [
            ("version", .int(2)), ("width", .int(size.columns)), ("height", .int(size.rows)),
            ("timestamp", .int(Int(time(nil)))), ("title", .string(title)),
            ("env", .record(Record(pairs: environment))),
        ])
        return JSONWriter.compact(.record(header)) + "\n"
    }

    /// Records `text` as shown now on a terminal of `size`.
    func record(_ text: String, size: TerminalCells) {
        guard !text.isEmpty else { return }
        append(size: size, output: text)
    }

    /// Records that the terminal is now of `size`, if that is a change.
    func recordResize(to size: TerminalCells) {
        append(size: size, output: nil)
    }

    /// Appends, stamped now, a resize event when `size` is new, then `output` as an output event.
    private func append(size: TerminalCells, output: String?) {
        let seconds = Self.format(ContinuousClock.now - started)
        state.withLock { state in
            guard state.failure == nil else { return }
            var lines = ""
            if size != state.size {
                state.size = size
                lines += "[\(seconds), \"r\", \"\(size.columns)x\(size.rows)\"]\n"
            }
            if let output { lines += "[\(seconds), \"o\", \(JSONWriter.quote(output))]\n" }
            guard !lines.isEmpty else { return }
            do throws(FileError) {
                try file.append(Array(lines.utf8))
            } catch {
                state.failure = error
            }
        }
    }

    /// Closes the cast; returns the warning to show when the recording stopped early.
    func finish() -> String? {
        let failure = state.withLock { $0.failure }
        do {
            try file.close()
        } catch {
            return "warning: \(failure ?? error); the recording ends there"
        }
        return failure.map { "warning: \($0); the recording ends there" }
    }

    /// Seconds with microseconds: `12.345678`.
    private static func format(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        let micros = String(attoseconds / 1_000_000_000_000)
        return "\(seconds)." + String(repeating: "0", count: 6 - micros.count) + micros
    }
}
