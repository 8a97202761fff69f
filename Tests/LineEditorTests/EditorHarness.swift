import Dispatch
import Foundation
import Glibc
import ShopTestSupport
import Synchronization
import Testing

@testable import LineEditor

/// Runs a real ``LineEditor`` on a background thread over an in-process pseudo-terminal; the
/// test types into the master side and collects each line's event.
///
/// Every wait is bounded. On deinit the terminal is closed, which ends any read in progress,
/// and the editor thread is given a moment to finish.
///
/// Suites using it run `.serialized`: libedit draws through terminfo helpers with
/// process-global state, so two editors must not draw at the same time.
final class EditorHarness {
    /// What the editor starts with.
    struct Setup: Sendable {
        var olderHistory: [String] = []
        var sessionHistory: [String] = []
        var completions: @Sendable (TabCompletionRequest) -> TabCompletion = { _ in .none }
        var editrc: EditrcLocation = .none
        var olderHistoryLimit = 1000
        var columns = 80
        var rows = 24
        /// How the screen model counts a character's columns.
        var widthRule = TerminalScreen.WidthRule.perCharacter
        var highlighter: (@Sendable (String) -> [StyledSpan])?
        var showsSuggestions = false
        var usesColor = false
        var continuationPrompt = ""
        var editorEnvironment: [String: String]?
    }

    let terminal: PseudoTerminalPair
    private let channel = EditorChannel()

    init(_ setup: Setup = Setup(), sourceLocation: SourceLocation = #_sourceLocation) throws {
        terminal = try PseudoTerminalPair(columns: setup.columns, rows: setup.rows, widthRule: setup.widthRule)
        let slave = terminal.slaveFileDescriptor
        let channel = self.channel
        let thread = Thread {
            Self.serve(setup, on: slave, through: channel)
            channel.markFinished()
        }
        thread.start()
    }

    /// The editor thread: creates the editor and serves requests until stopped. The editor is
    /// released when this returns.
    private static func serve(_ setup: Setup, on terminal: Int32, through channel: EditorChannel) {
        let editor: LineEditor
        do {
            editor = try LineEditor(
                programName: "shoptest", input: terminal, output: terminal, terminalType: "xterm",
                editrc: setup.editrc, olderHistoryLimit: setup.olderHistoryLimit)
        } catch {
            channel.post(.line("editor failed to start: \(error)"))
            return
        }
        editor.loadHistory(setup.olderHistory)
        for line in setup.sessionHistory { editor.addHistory(line) }
        let completions = setup.completions
        editor.completionHandler = { completions($0) }
        editor.highlighter = setup.highlighter.map { highlighter in { highlighter($0) } }
        editor.showsSuggestions = setup.showsSuggestions
        editor.usesColor = setup.usesColor
        editor.continuationPrompt = setup.continuationPrompt
        editor.editorEnvironment = setup.editorEnvironment
        while let request = channel.nextRequest() {
            switch request {
            case .read(let prompt): channel.post(editor.readLine(prompt: prompt))
            case .show(let line, let prompt): channel.post(editor.showAndReturn(line, prompt: prompt))
            case .addHistory(let line): editor.addHistory(line)
            case .listBindings:
                editor.parse(["bind"])
                channel.post(.line("listed"))
            }
        }
    }

    deinit {
        channel.stop()
        terminal.close()
        channel.waitUntilFinished(timeout: .seconds(2))
    }

    /// Starts reading a line and waits until its prompt is drawn and the terminal is in the
    /// editor's mode.
    ///
    /// libedit draws the prompt just before switching the terminal to raw mode; keys typed in
    /// between would be handled by the line discipline (echoed, Ctrl-C turned into SIGINT).
    func startLine(prompt: String = "> ", visiblePrompt: String? = nil) throws {
        channel.request(.read(prompt: prompt))
        try terminal.waitFor(visiblePrompt ?? prompt)
        let deadline = ContinuousClock.now + .seconds(5)
        var modes = termios()
        while tcgetattr(terminal.slaveFileDescriptor, &modes) == 0, modes.c_lflag & tcflag_t(ICANON) != 0 {
            try #require(ContinuousClock.now < deadline, "the editor never switched the terminal to raw mode")
            usleep(500)
        }
    }

    /// Shows `line` at the prompt as if typed and Enter pressed (``LineEditor/showAndReturn(_:prompt:)``).
    func show(_ line: String, prompt: String = "> ") throws -> LineEditorEvent {
        channel.request(.show(line, prompt: prompt))
        return try event()
    }

    /// Waits until the screen shows what `condition` looks for; returns the screen.
    @discardableResult
    func waitForScreen(
        _ description: String, sourceLocation: SourceLocation = #_sourceLocation,
        until condition: (TerminalScreen) -> Bool
    ) throws -> TerminalScreen {
        try terminal.waitForScreen(description, until: condition)
    }

    /// Adds a line to this session's history (between reads).
    func addHistory(_ line: String) {
        channel.request(.addHistory(line))
    }

    /// libedit's listing of every key binding (`bind`), as the editor printed it.
    func listBindings() throws -> String {
        let before = terminal.output.count
        channel.request(.listBindings)
        #expect(try event() == .line("listed"))
        try terminal.drainOutput(for: .milliseconds(50))
        return String(terminal.output.dropFirst(before))
    }

    /// Types text and presses keys in order.
    func type(_ inputs: [Input]) throws {
        for input in inputs {
            switch input {
            case .text(let text): try terminal.send(text)
            case .key(let key): try terminal.send(key: key)
            }
        }
    }

    /// The event the current line ended with.
    func event(timeout: Duration = .seconds(30), sourceLocation: SourceLocation = #_sourceLocation) throws
        -> LineEditorEvent
    {
        let event = try #require(
            channel.nextEvent(timeout: timeout), "no line event; output so far:\n\(terminal.output)",
            sourceLocation: sourceLocation)
        try terminal.drainOutput(for: .milliseconds(5))
        return event
    }

    /// Reads one line with `prompt`, typing `inputs`, and returns its event.
    func readLine(prompt: String = "> ", typing inputs: [Input]) throws -> LineEditorEvent {
        try startLine(prompt: prompt)
        try type(inputs)
        return try event()
    }
}

/// One step of typing.
enum Input: Sendable, CustomStringConvertible {
    case text(String)
    case key(PseudoTerminal.Key)

    static let enter = Input.key(.enter)
    static let tab = Input.key(.tab)
    static let up = Input.key(.up)
    static let down = Input.key(.down)
    static let left = Input.key(.left)
    static let right = Input.key(.right)
    static let escape = Input.key(.escape)
    static let backspace = Input.key(.backspace)
    static let controlA = Input.key(.controlA)
    static let controlC = Input.key(.controlC)
    static let controlD = Input.key(.controlD)
    static let controlR = Input.key(.controlR)

    var description: String {
        switch self {
        case .text(let text): text.debugDescription
        case .key(let key): "\(key)"
        }
    }
}

/// Requests to the editor thread and events back, with bounded waits.
final class EditorChannel: Sendable {
    enum Request: Sendable {
        case read(prompt: String)
        case show(String, prompt: String)
        case addHistory(String)
        case listBindings
    }

    private struct State {
        var requests: [Request] = []
        var events: [LineEditorEvent] = []
        var stopped = false
    }

    private let state = Mutex(State())
    private let requestSignal = DispatchSemaphore(value: 0)
    private let eventSignal = DispatchSemaphore(value: 0)
    private let finishedSignal = DispatchSemaphore(value: 0)

    func request(_ request: Request) {
        state.withLock { $0.requests.append(request) }
        requestSignal.signal()
    }

    /// Blocks the editor thread until the next request; nil once stopped.
    func nextRequest() -> Request? {
        while true {
            requestSignal.wait()
            let next: Request?? = state.withLock { state in
                if state.stopped { return .some(nil) }
                return state.requests.isEmpty ? nil : state.requests.removeFirst()
            }
            if let next { return next }
        }
    }

    func post(_ event: LineEditorEvent) {
        state.withLock { $0.events.append(event) }
        eventSignal.signal()
    }

    func nextEvent(timeout: Duration) -> LineEditorEvent? {
        guard eventSignal.wait(timeout: .now() + Self.interval(timeout)) == .success else { return nil }
        return state.withLock { $0.events.isEmpty ? nil : $0.events.removeFirst() }
    }

    func stop() {
        state.withLock { $0.stopped = true }
        requestSignal.signal()
    }

    func markFinished() { finishedSignal.signal() }

    func waitUntilFinished(timeout: Duration) {
        _ = finishedSignal.wait(timeout: .now() + Self.interval(timeout))
    }

    private static func interval(_ duration: Duration) -> DispatchTimeInterval {
        let (seconds, attoseconds) = duration.components
        return .milliseconds(Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000))
    }
}
