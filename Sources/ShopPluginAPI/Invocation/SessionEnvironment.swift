import ShopRendering

/// What a session knows about its surroundings: clock, terminal, colours, folders.
///
/// The `shop` executable fills it from the process; tests and `shop test` use a fixed one.
public struct SessionEnvironment: Sendable {
    /// The session's clock.
    public var clock: SessionClock
    /// The output width in columns, read when something is rendered (the terminal can resize).
    public var width: @Sendable () -> Int
    /// Colours and hyperlinks allowed on standard output.
    public var style: TerminalStyle
    /// Whether a person is at a terminal (REPL): animations and inline pictures may be used.
    public var isInteractive: Bool
    /// Whether animations are allowed when interactive (`--no-animation` turns them off).
    public var animations: Bool
    /// The folder for history and caches.
    public var stateDirectory: String
    /// The folder relative paths start from outside scripts.
    public var workingDirectory: String
    /// Environment variables commands may consult (`BROWSER`, `TERM`, …).
    public var variables: [String: String]
    /// The terminal for animations and pictures, when interactive.
    public var terminal: (any TerminalSurface)?
    /// How commands reach HTTP servers; ``NoHTTPTransport`` unless the host gives one.
    public var http: any HTTPTransport
    /// The pager and the screen of the interactive prompt, given by the REPL alone.
    public var screen: (any PromptScreen)?
    /// Reads standard input to its end, at most the given number of bytes, where it carries
    /// data rather than commands (`shop -c`, `shop run FILE`): what `open -` reads. Nil elsewhere.
    public var standardInput: (@Sendable (_ limit: Int) throws(FileError) -> [UInt8])?

    public init(
        clock: SessionClock, width: @escaping @Sendable () -> Int = { 80 }, style: TerminalStyle = .plain,
        isInteractive: Bool = false, animations: Bool = false, stateDirectory: String,
        workingDirectory: String, variables: [String: String] = [:], terminal: (any TerminalSurface)? = nil,
        http: any HTTPTransport = NoHTTPTransport(),
        standardInput: (@Sendable (_ limit: Int) throws(FileError) -> [UInt8])? = nil
    ) {
        self.clock = clock
        self.width = width
        self.style = style
        self.isInteractive = isInteractive
        self.animations = animations
        self.stateDirectory = stateDirectory
        self.workingDirectory = workingDirectory
        self.variables = variables
        self.terminal = terminal
        self.http = http
        self.standardInput = standardInput
    }
}
