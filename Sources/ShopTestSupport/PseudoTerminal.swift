import Foundation
import Glibc

/// Runs a program on a new pseudo-terminal, as a person at a terminal would: for end-to-end
/// tests of interactive behaviour (prompt, line editing, Ctrl-C, resize).
///
/// The program is started with `posix_spawn` (no `fork` in the multithreaded test process) as
/// the leader of a new session whose controlling terminal is the pseudo-terminal, so Ctrl-C
/// and window-size changes reach it as signals, as they would in a real terminal.
///
/// Every wait has a timeout and throws a ``PseudoTerminalError`` that includes the output seen
/// so far; the program and its process group are killed on deinit if still running.
///
/// ```swift
/// let shop = try PseudoTerminal(executable: shopPath, arguments: ["--no-history"], columns: 100)
/// try shop.waitFor("shop> ")
/// try shop.send("services list\r")
/// try shop.waitFor("Total")
/// try shop.send(key: .controlD)
/// #expect(try shop.waitForExit() == .exited(0))
/// ```
public final class PseudoTerminal {
    /// A key to press.
    public enum Key: Equatable, Hashable, Sendable {
        case enter, tab, escape, backspace, delete
        case up, down, right, left, home, end
        /// A control key: `.control("c")` is Ctrl-C.
        case control(Character)

        public static let controlC = Key.control("c")
        public static let controlD = Key.control("d")
        public static let controlR = Key.control("r")
        public static let controlA = Key.control("a")
        public static let controlE = Key.control("e")
        public static let controlU = Key.control("u")

        /// The bytes a terminal sends for the key (xterm conventions).
        public var bytes: [UInt8] {
            switch self {
            case .enter: [0x0D]
            case .tab: [0x09]
            case .escape: [0x1B]
            case .backspace: [0x7F]
            case .delete: Array("\u{1B}[3~".utf8)
            case .up: Array("\u{1B}[A".utf8)
            case .down: Array("\u{1B}[B".utf8)
            case .right: Array("\u{1B}[C".utf8)
            case .left: Array("\u{1B}[D".utf8)
            case .home: Array("\u{1B}[H".utf8)
            case .end: Array("\u{1B}[F".utf8)
            case .control(let character):
                [(character.uppercased().utf8.first ?? 0x40) & 0x1F]
            }
        }
    }

    /// How a program ended.
    public typealias ExitStatus = SpawnedProcess.ExitStatus

    /// The program's process id (also its process group and session id).
    public var processIdentifier: pid_t { process.processIdentifier }
    /// The pseudo-terminal the program runs on.
    public let terminal: PseudoTerminalPair
    private let process: SpawnedProcess

    /// The environment programs get by default: this process's, with `TERM=xterm-256color` and
    /// without `COLUMNS`/`LINES` (which would override the terminal size).
    public static var defaultEnvironment: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["TERM"] = "xterm-256color"
        environment["COLUMNS"] = nil
        environment["LINES"] = nil
        return environment
    }

    /// Starts `executable` on a new pseudo-terminal.
    ///
    /// - Parameters:
    ///   - executable: A path, or a name looked up in `PATH`.
    ///   - arguments: The arguments after the program name.
    ///   - environment: The complete environment (see ``defaultEnvironment``).
    ///   - workingDirectory: The directory to start in; nil keeps this process's.
    ///   - columns: The window width.
    ///   - rows: The window height.
    ///   - widthRule: How the ``screen`` model counts a character's columns.
    public init(
        executable: String,
        arguments: [String] = [],
        environment: [String: String] = PseudoTerminal.defaultEnvironment,
        workingDirectory: String? = nil,
        columns: Int = 80,
        rows: Int = 24,
        widthRule: TerminalScreen.WidthRule = .perCharacter
    ) throws(PseudoTerminalError) {
        let terminal = try PseudoTerminalPair(columns: columns, rows: rows, widthRule: widthRule)
        self.terminal = terminal
        do {
            process = try SpawnedProcess(
                executable: executable, arguments: arguments, environment: environment,
                workingDirectory: workingDirectory, streams: .terminal(terminal.slavePath))
        } catch {
            throw PseudoTerminalError(.systemCallFailed(name: error.call, errno: error.errno), output: "")
        }
    }

    deinit { terminate() }

    /// Types `text` (UTF-8). A `"\r"` in it is Enter.
    public func send(_ text: String) throws(PseudoTerminalError) { try terminal.send(text) }

    /// Presses a key.
    public func send(key: Key) throws(PseudoTerminalError) { try terminal.send(key: key) }

    /// Writes raw bytes, as a terminal sends them for keys it has no ``Key`` for.
    public func send(bytes: [UInt8]) throws(PseudoTerminalError) { try terminal.send(bytes: bytes) }

    /// Reads output until `text` appears after the previous match; returns the output up to it.
    ///
    /// Waits by suspending, never by blocking a thread, so tests running beside it keep going.
    @discardableResult
    public func waitFor(_ text: String, timeout: Duration = .seconds(30), stripANSI: Bool = true)
        async
        throws(PseudoTerminalError) -> String
    {
        let deadline = ContinuousClock.now + timeout
        while true {
            if let found = try terminal.takeOutput(through: text, stripANSI: stripANSI) { return found }
            if terminal.closed { throw PseudoTerminalError(.closed(waitingFor: text), output: output) }
            guard ContinuousClock.now < deadline else {
                throw PseudoTerminalError(.timedOut(waitingFor: text, after: timeout), output: output)
            }
            await Self.pause()
        }
    }

    /// Reads output until the screen satisfies `condition`, and returns the screen; waits by
    /// suspending.
    @discardableResult
    public func waitForScreen(
        _ description: String, timeout: Duration = .seconds(30), until condition: (TerminalScreen) -> Bool
    ) async throws(PseudoTerminalError) -> TerminalScreen {
        let deadline = ContinuousClock.now + timeout
        var checkedVersion = -1
        while true {
            try terminal.readPendingOutput()
            // The screen is looked at again only when output came.
            if checkedVersion != terminal.screenVersion {
                checkedVersion = terminal.screenVersion
                if condition(terminal.screen) { return terminal.screen }
            }
            if terminal.closed {
                throw PseudoTerminalError(.closed(waitingFor: description), output: terminal.screen.text)
            }
            guard ContinuousClock.now < deadline else {
                throw PseudoTerminalError(
                    .timedOut(waitingFor: description, after: timeout), output: terminal.screen.text)
            }
            await Self.pause()
        }
    }

    /// What a person would see on the terminal now.
    public var screen: TerminalScreen { terminal.screen }

    /// Waits until the program switched the terminal out of line mode (a line editor is
    /// reading keys); keys sent earlier would be handled by the terminal's line discipline.
    public func waitForKeyByKeyInput(timeout: Duration = .seconds(30)) async throws(PseudoTerminalError) {
        let deadline = ContinuousClock.now + timeout
        var modes = termios()
        while tcgetattr(terminal.slaveFileDescriptor, &modes) == 0, modes.c_lflag & tcflag_t(ICANON) != 0 {
            guard ContinuousClock.now < deadline else {
                throw PseudoTerminalError(.timedOut(waitingFor: "key-by-key input", after: timeout), output: output)
            }
            await Self.pause()
        }
    }

    /// A short suspension between checks.
    private static func pause() async {
        try? await Task.sleep(for: .milliseconds(2))
    }

    /// Changes the window size; the program receives `SIGWINCH`.
    public func resize(columns: Int, rows: Int) throws(PseudoTerminalError) {
        try terminal.resize(columns: columns, rows: rows)
    }

    /// Everything the program printed so far, escape sequences and control characters removed.
    public var output: String { terminal.output }

    /// Waits for the program to exit, reading its output meanwhile, and returns how it ended.
    ///
    /// - Throws: ``PseudoTerminalError`` of kind `didNotExit` (the program keeps running).
    public func waitForExit(timeout: Duration = .seconds(30)) async throws(PseudoTerminalError) -> ExitStatus {
        let deadline = ContinuousClock.now + timeout
        while true {
            if let status = process.status {
                try terminal.drainOutput(for: .milliseconds(20))
                return status
            }
            guard ContinuousClock.now < deadline else {
                throw PseudoTerminalError(.didNotExit(after: timeout), output: output)
            }
            try terminal.readPendingOutput()
            await Self.pause()
        }
    }

    /// How the program ended, without waiting; nil while it runs.
    public var statusIfExited: ExitStatus? { process.status }

    /// Kills the program and its process group if still running, and reaps it. Idempotent.
    public func terminate() {
        process.kill()
    }
}
