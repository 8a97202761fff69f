import ShopPluginAPI

/// Everything a ``Session`` is made from.
public struct SessionConfiguration: Sendable {
    /// The plugins whose commands and keys the session offers.
    public var plugins: [any Plugin]
    /// The host's further plugins, read the first time the session needs a plugin none of
    /// ``plugins`` is, or every plugin (`shop`: the outside plugins registered with `plugin add`).
    public var morePlugins: (@Sendable () -> [any Plugin])?
    /// Clock, terminal, folders.
    public var environment: SessionEnvironment
    /// Where output goes.
    public var output: any OutputSink
    /// Where commands typed at the prompt are recorded.
    public var history: any HistoryStoring
    /// This session's id in the history.
    public var sessionID: String
    /// The output format to start with.
    public var format: OutputFormat
    /// Whether errors lead with `FILE:LINE:COLUMN:` (script runs) or not (prompt, transcripts).
    public var showsErrorLocations: Bool
    /// Whether script steps are printed before they run (`--echo`).
    public var echoesSteps: Bool
    /// Commands the executable adds to the core's (`plugin …`).
    public var hostCommands: [any Command]
    /// The folder of the user's own commands (`$XDG_CONFIG_HOME/shop/commands`), if any.
    public var commandsFolder: String?

    public init(
        plugins: [any Plugin], environment: SessionEnvironment, output: any OutputSink,
        history: any HistoryStoring = InMemoryHistoryStore(), sessionID: String = "session",
        format: OutputFormat = .table, showsErrorLocations: Bool = true, echoesSteps: Bool = false,
        hostCommands: [any Command] = [], commandsFolder: String? = nil,
        morePlugins: (@Sendable () -> [any Plugin])? = nil
    ) {
        self.plugins = plugins
        self.morePlugins = morePlugins
        self.environment = environment
        self.output = output
        self.history = history
        self.sessionID = sessionID
        self.format = format
        self.showsErrorLocations = showsErrorLocations
        self.echoesSteps = echoesSteps
        self.hostCommands = hostCommands
        self.commandsFolder = commandsFolder
    }
}
