import ShopRendering

/// How a command talks to the user besides its result: messages, warnings, and the
/// terminal surface for animations.
public struct Console: Sendable {
    let sink: any OutputSink
    let format: OutputFormat

    /// A console writing to `sink` for results shown in `format`, with a terminal when the
    /// command may draw on one and a screen at the interactive prompt.
    public init(
        sink: any OutputSink, format: OutputFormat, terminal: (any TerminalSurface)?, screen: (any PromptScreen)? = nil
    ) {
        self.sink = sink
        self.format = format
        self.terminal = terminal
        self.screen = screen
    }

    /// The terminal, when the session may draw animations and pictures on it (interactive,
    /// animations on); nil in scripts, tests and pipes.
    public let terminal: (any TerminalSurface)?

    /// The pager and the screen, for commands typed at the interactive prompt (not inside
    /// `run FILE`); nil in scripts, tests, demos and pipes.
    public let screen: (any PromptScreen)?

    /// An informational line (sanitized): on standard output, or standard error in `--format json`.
    public func message(_ text: String) {
        let stream: OutputStreamKind = format == .json ? .standardError : .standardOutput
        sink.write(Sanitizer.inert(text, keepNewlines: true) + "\n", to: stream)
    }

    /// A `warning:` line on standard error.
    public func warning(_ text: String) {
        sink.write("warning: " + Sanitizer.inert(text, keepNewlines: true) + "\n", to: .standardError)
    }

    /// Pushes buffered output out, before waiting on something slow.
    public func flush() {
        sink.flush()
    }
}

/// A terminal a command may draw on directly: animation frames, inline pictures.
///
/// Provided by the `shop` executable when it runs interactively; the runtime never touches a
/// terminal itself.
public protocol TerminalSurface: Sendable {
    /// The terminal's width and height in cells.
    var size: (columns: Int, rows: Int) { get }
    /// Writes raw text, escape sequences included, straight to the terminal.
    func write(_ text: String)
    /// Waits up to `seconds` for a key, to skip an animation: true when keys are waiting or one
    /// was pressed. Typed keys are kept for the prompt, in order (a lone Escape pressed to skip
    /// excepted), so typed-ahead and pasted lines still run.
    func waitForKey(seconds: Double) -> Bool
}
