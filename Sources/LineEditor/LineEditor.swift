import CLibEdit
import Glibc
import Synchronization

/// An interactive line editor on libedit: coloured prompt, emacs or vi keys (`~/.editrc`),
/// history fed by the caller, suggestions from it as you type, colour from a highlighter,
/// Tab completion with descriptions, a history search, lines of several rows (blocks), editing
/// in `$VISUAL`/`$EDITOR`, Ctrl-C and Ctrl-D.
///
/// The editor reads the terminal only inside ``readLine(prompt:)``: it switches the terminal
/// to its editing mode, returns one ``LineEditorEvent``, and puts the terminal modes back.
///
/// **Drawing.** libedit edits the line and draws nothing: its output goes to a stream the
/// editor keeps (a bell passes through). The editor draws the prompt and the line itself
/// (``EditArea``), from libedit's character reader, each time the keys typed so far are
/// handled: so it owns the layout — colours, the suggestion after the cursor, wide
/// characters and emoji sequences (``Glyph``), wrapping, a line taller than the screen.
///
/// **Ctrl-C.** While editing, the terminal's `ISIG` is off, so Ctrl-C is an ordinary key: the
/// editor shows `^C`, abandons the line and returns ``LineEditorEvent/interrupted``. No signal
/// is raised and no handler is installed, so the host's own `SIGINT` handling (used to cancel a
/// running command) is never replaced; between calls the terminal is back in its normal mode and
/// Ctrl-C raises `SIGINT` as usual. A `SIGINT` sent from elsewhere (`kill -INT`) during editing
/// reaches the host's handler.
///
/// **History.** libedit's in-memory history only: ``loadHistory(_:)`` sets the older entries
/// (earlier sessions, oldest first), ``addHistory(_:)`` appends this session's, so Up recalls this
/// session's commands first, then older ones. libedit's history files are never used.
///
/// **Window size.** The size is read at the start of each line and checked while waiting for
/// keys; on a change the line is redrawn for the new width, from the row it starts on once the
/// terminal reflowed it.
///
/// The editor sets `LC_CTYPE` to a UTF-8 locale if the current one is not (libedit decodes and
/// measures characters through it). It is not thread-safe: use it from one thread. A process
/// may create several editors, but only one should be reading at a time: libedit draws through
/// terminfo helpers whose buffers are process-global.
///
/// ```swift
/// let editor = try LineEditor(programName: "shop")
/// editor.loadHistory(olderCommands)
/// editor.completionHandler = { request in
///     let word = request.currentWord
///     return TabCompletion(replacingWordOf: request, candidates: commandNames.filter { $0.hasPrefix(word) })
/// }
/// var pending = ""
/// loop: while true {
///     switch editor.readLine(prompt: pending.isEmpty ? "\u{1B}[1;36mshop\u{1B}[0m> " : "... ") {
///     case .line(let text) where text.hasSuffix("\\"):
///         pending += text.dropLast() + "\n"
///     case .line(let text):
///         let command = pending + text
///         pending = ""
///         editor.addHistory(command)
///         run(command)
///     case .interrupted:
///         pending = ""
///     case .endOfFile, .invalidUTF8:
///         break loop
///     }
/// }
/// ```
public final class LineEditor: LineReading {
    /// Called on Tab with the text around the cursor; nil makes Tab beep.
    ///
    /// It runs synchronously on the thread inside ``readLine(prompt:)``, so it should answer
    /// quickly from data at hand (a snapshot), never wait for other work.
    public var completionHandler: ((TabCompletionRequest) -> TabCompletion)?

    /// Colours the line as it is typed: given the whole line, the styled runs of it. Called
    /// each time the line is drawn, on the editor's thread; it must not change the text's
    /// width (styles only). Nil draws the line plain.
    public var highlighter: ((String) -> [StyledSpan])?

    /// Whether the newest history entry that starts with the line is shown, dimmed, after
    /// the cursor at the end of the line (→, End or Ctrl-F take it, Alt-→ or Alt-F a word).
    public var showsSuggestions = false

    /// Whether the editor may colour what it draws itself (the suggestion, the text a history
    /// search found); without, it uses attributes only where it must show something.
    public var usesColor = false

    /// The variables the external editor (Alt-E) is chosen and run with; nil for the process's.
    public var editorEnvironment: [String: String]?

    /// The prompt of the second and later lines of a line of several (a block recalled from
    /// history); escape sequences allowed.
    public var continuationPrompt = "" {
        didSet { continuationGlyphs = EditorPrompt(continuationPrompt).glyphs }
    }

    /// Always true: the editor reads from a person at a terminal.
    public var isInteractive: Bool { true }

    /// Which key bindings are active: `"emacs"` or `"vi"` (set by `bind -v` in the editrc).
    public var keyBindingMode: String {
        shop_el_get_editor(editLine).map { String(cString: $0) } ?? "emacs"
    }

    let editLine: OpaquePointer
    let historyHandle: OpaquePointer
    /// The terminal descriptors libedit reads and draws on (duplicates owned by the editor,
    /// except for the process's own stdin and stdout).
    let inputFileDescriptor: Int32
    let outputFileDescriptor: Int32
    /// Keys other readers of the terminal read ahead and left; the editor reads them first.
    let typeAhead: TerminalInput?
    private let ownedStreams: [UnsafeMutablePointer<FILE>]

    private let olderHistoryLimit: Int
    private let sessionHistoryLimit: Int
    private var olderHistory: [String] = []
    private var sessionHistory: [String] = []
    /// Everything Up recalls, oldest first: the older history, then this session's.
    private(set) var recallable = RecallableHistory()

    /// The prompt of the current line, as glyphs.
    private(set) var prompt = EditorPrompt("")
    private(set) var continuationGlyphs: [Glyph] = []
    /// Where libedit's own drawing goes.
    let libeditOutput: LibeditOutput
    /// The rows the editor draws on.
    var area = EditArea()
    /// The newest history entry starting with the line, found again only when it changes.
    var suggestions = HistorySuggestions()

    /// State of the line being read; reset by each ``readLine(prompt:)``.
    var session = ReadSession()
    /// Input decoding, kept across lines so type-ahead survives.
    var inputDecoder = UTF8StreamDecoder()
    var decodedInput: [Unicode.Scalar] = []
    /// The window size the current display was drawn for.
    var drawnSize: TerminalSize?

    /// Opens an editor on a terminal.
    ///
    /// - Parameters:
    ///   - programName: The name libedit reports and `~/.editrc` lines may be prefixed with
    ///     (`shop:bind -v`).
    ///   - input: The terminal to read keys from; the editor keeps its own duplicate.
    ///   - output: The terminal to draw on; the editor keeps its own duplicate.
    ///   - typeAhead: The terminal's shared input, when other readers (an animation's
    ///     ``KeyReader``) may read keys ahead of the editor: what they leave is read first.
    ///   - terminalType: The terminfo name to draw for; nil uses `TERM`.
    ///   - editrc: Where to read libedit settings.
    ///   - olderHistoryLimit: How many entries of ``loadHistory(_:)`` are kept (the newest).
    ///   - sessionHistoryLimit: How many entries of ``addHistory(_:)`` are kept (the newest).
    /// - Throws: ``LineEditorError/notATerminal(fileDescriptor:)`` when `input` or `output` is
    ///   not a terminal (use ``PlainLineReader``), or another ``LineEditorError``.
    public init(
        programName: String = "shop",
        input: Int32 = STDIN_FILENO,
        output: Int32 = STDOUT_FILENO,
        typeAhead: TerminalInput? = nil,
        terminalType: String? = nil,
        editrc: EditrcLocation = .standard,
        olderHistoryLimit: Int = 1000,
        sessionHistoryLimit: Int = 10_000
    ) throws(LineEditorError) {
        guard isatty(input) == 1 else { throw .notATerminal(fileDescriptor: input) }
        guard isatty(output) == 1 else { throw .notATerminal(fileDescriptor: output) }
        TextWidth.prepareLocale()

        let opened = try Self.terminalSetup.withLock { _ throws(LineEditorError) in
            try LibeditHandles(programName: programName, input: input, output: output)
        }
        editLine = opened.editLine
        historyHandle = opened.history
        ownedStreams = opened.streams
        inputFileDescriptor = opened.inputFileDescriptor
        outputFileDescriptor = opened.outputFileDescriptor
        self.typeAhead = typeAhead
        self.olderHistoryLimit = max(0, olderHistoryLimit)
        self.sessionHistoryLimit = max(1, sessionHistoryLimit)
        libeditOutput = LibeditOutput(terminal: opened.outputFileDescriptor)

        _ = shop_history_set_size(historyHandle, Int32(clamping: self.olderHistoryLimit + self.sessionHistoryLimit))
        _ = shop_history_set_unique(historyHandle, 1)
        Self.terminalSetup.withLock { _ in configure(terminalType: terminalType, editrc: editrc) }
    }

    deinit {
        Self.terminalSetup.withLock { _ in el_end(editLine) }
        history_end(historyHandle)
        for stream in ownedStreams { fclose(stream) }
    }

    /// Reads one line from the terminal, showing `prompt` (ANSI colour codes allowed).
    ///
    /// Returns ``LineEditorEvent/line(_:)`` on Enter, ``LineEditorEvent/interrupted`` on Ctrl-C
    /// (the line is shown with `^C` and abandoned), ``LineEditorEvent/endOfFile`` on Ctrl-D on an
    /// empty line or when the terminal goes away (the cursor is then moved to a new line).
    /// The line is not added to the history; call ``addHistory(_:)`` for what should be recalled.
    /// A line recalled from a block holds its line breaks.
    public func readLine(prompt text: String) -> LineEditorEvent {
        readLine(prompt: text, presetLine: nil)
    }

    /// Shows `prompt` with `line` as if typed and Enter pressed, and returns it (or
    /// ``LineEditorEvent/endOfFile`` when the terminal is gone): for a line that comes from
    /// elsewhere (an editor) to be seen as it runs.
    public func showAndReturn(_ line: String, prompt text: String) -> LineEditorEvent {
        readLine(prompt: text, presetLine: line)
    }

    private func readLine(prompt text: String, presetLine: String?) -> LineEditorEvent {
        if text != prompt.text { prompt = EditorPrompt(text) }
        session = ReadSession()
        session.presetLine = presetLine
        drawnSize = Terminal.size(of: inputFileDescriptor)
        area.startNewArea()
        // Should the process exit while the line is edited, put the terminal's modes back.
        var modes = termios()
        let saved =
            tcgetattr(inputFileDescriptor, &modes) == 0
            ? SavedTerminalModes.register(fileDescriptor: inputFileDescriptor, modes: modes) : nil
        var count: Int32 = 0
        libeditOutput.passesThrough = false
        let result = el_wgets(editLine, &count)
        libeditOutput.passesThrough = true
        if let saved { SavedTerminalModes.unregister(saved) }
        session.isFinished = true
        refreshScreen()
        write(area.finish())
        if session.interrupted { return .interrupted }
        guard let result, count > 0 else { return .endOfFile }
        var scalars = Self.scalars(from: result, to: result + Int(count))
        if scalars.last == "\n" { scalars.removeLast() }
        return .line(Self.string(from: scalars))
    }

    /// Replaces the older history — earlier sessions' commands, oldest first.
    ///
    /// Only the newest `olderHistoryLimit` entries are kept; blank lines are skipped. This
    /// session's entries stay newer than all of them.
    public func loadHistory(_ lines: [String]) {
        replaceHistory(older: lines, session: sessionHistory)
    }

    /// Replaces everything Up recalls: earlier sessions' commands and this session's, each
    /// oldest first; for when commands were forgotten (`history forget`), so they are gone from
    /// the editor's memory at once.
    public func replaceHistory(older: [String], session: [String]) {
        olderHistory = Array(older.filter(Self.isWorthRecalling).suffix(olderHistoryLimit))
        sessionHistory = Array(session.filter(Self.isWorthRecalling).suffix(sessionHistoryLimit))
        _ = shop_history_clear(historyHandle)
        recallable = RecallableHistory(olderHistory + sessionHistory)
        // `withCString` lends the string's own bytes; passing the String made a C copy of each.
        for line in recallable.entries { _ = line.withCString { shop_history_enter(historyHandle, $0) } }
    }

    /// Appends a command entered in this session; Up recalls it first.
    ///
    /// Blank lines and a repeat of the previous entry are not added.
    public func addHistory(_ line: String) {
        guard Self.isWorthRecalling(line), line != sessionHistory.last else { return }
        sessionHistory.append(line)
        if sessionHistory.count > sessionHistoryLimit {
            sessionHistory.removeFirst(sessionHistory.count - sessionHistoryLimit)
            recallable = RecallableHistory(olderHistory + sessionHistory)
        } else {
            recallable.append(line)
        }
        _ = shop_history_enter(historyHandle, line)
    }

    /// Serialises creating, configuring and ending editors: libedit's terminal setup goes
    /// through terminfo (`tgetent`), whose state is process-global.
    private static let terminalSetup = Mutex(())

    // MARK: - Helpers shared by the extensions

    /// The editor that owns `editLine`, found through `EL_CLIENTDATA`.
    static func owner(of editLine: OpaquePointer?) -> LineEditor? {
        guard let editLine, let data = shop_el_get_clientdata(editLine) else { return nil }
        return Unmanaged<LineEditor>.fromOpaque(data).takeUnretainedValue()
    }

    /// Runs a libedit builtin command such as `bind -v` (`el_parse`); returns libedit's status.
    @discardableResult
    func parse(_ words: [String]) -> Int32 {
        var pointers = words.map { strdup($0).map { UnsafePointer($0) } }
        defer { for pointer in pointers { free(UnsafeMutablePointer(mutating: pointer)) } }
        return el_parse(editLine, Int32(pointers.count), &pointers)
    }

    /// Writes to the terminal, after what libedit left to pass on (a bell).
    func write(_ bytes: [UInt8]) {
        if let stream = shop_el_get_output_file(editLine) { fflush(stream) }
        let pending = libeditOutput.takeBells()
        guard !bytes.isEmpty || !pending.isEmpty else { return }
        PlainLineReader.writeAll(bytes + pending, to: outputFileDescriptor)
    }

    /// The line being edited, split at the cursor.
    func lineAroundCursor() -> (before: [Unicode.Scalar], after: [Unicode.Scalar]) {
        guard let info = el_wline(editLine), let buffer = info.pointee.buffer,
            let cursor = info.pointee.cursor, let end = info.pointee.lastchar
        else { return ([], []) }
        return (Self.scalars(from: buffer, to: cursor), Self.scalars(from: cursor, to: end))
    }

    static func scalars(from start: UnsafePointer<wchar_t>, to end: UnsafePointer<wchar_t>) -> [Unicode.Scalar] {
        guard end > start else { return [] }
        return UnsafeBufferPointer(start: start, count: end - start).map {
            Unicode.Scalar(UInt32(bitPattern: $0)) ?? "\u{FFFD}"
        }
    }

    static func string(from scalars: some Sequence<Unicode.Scalar>) -> String {
        var text = ""
        text.unicodeScalars.append(contentsOf: scalars)
        return text
    }

    /// `text` as a NUL-terminated wide string for libedit.
    static func wideString(_ text: String) -> [wchar_t] {
        text.unicodeScalars.map { wchar_t(bitPattern: $0.value) } + [0]
    }

    // MARK: - Private

    private static func isWorthRecalling(_ line: String) -> Bool {
        // Byte by byte while the line is ASCII, without Character's Unicode tables: the REPL
        // sifts a thousand lines of history at start.
        for byte in line.utf8 {
            switch byte {
            case UInt8(ascii: " "), 0x09...0x0D: continue
            case 0x80...: return line.contains { !$0.isWhitespace }
            default: return true
            }
        }
        return false
    }
}

/// The state of one ``LineEditor/readLine(prompt:)`` call.
struct ReadSession {
    /// Ctrl-C was pressed: the line ends as interrupted.
    var interrupted = false
    /// The line was accepted: it is drawn once more without suggestion or status.
    var isFinished = false
    /// A line to show and accept as soon as the editor reads (``LineEditor/showAndReturn(_:prompt:)``).
    var presetLine: String?
    /// The line and cursor after a Tab that left several candidates; a second Tab with the
    /// line unchanged lists them.
    var ambiguousCompletion: LineSnapshot?
    /// The history search under way (Ctrl-R).
    var search: HistorySearch?
    /// A row shown below the line while the editor waits for a key (a listing's "more").
    var status: [Glyph]?
}

/// The edit line's text and cursor position, to recognise a repeated Tab.
struct LineSnapshot: Equatable {
    var before: [Unicode.Scalar]
    var after: [Unicode.Scalar]
}
