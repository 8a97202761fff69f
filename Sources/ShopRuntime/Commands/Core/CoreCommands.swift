import ShopPluginAPI
import ShopVerbs

/// The commands every session has, before any plugin.
enum CoreCommands {
    /// Core commands in the order `help` lists them: the session's own, then the verbs.
    static var all: [RegisteredCommand] { session + verbs }

    /// The commands of the session itself, which every session makes at once.
    private static let session: [RegisteredCommand] =
        ([
            HelpCommand(), SetCommand(), UnsetCommand(), VarsCommand(),
            StateKeysCommand(), StateGetCommand(), StateSaveCommand(), StateLoadCommand(),
            EchoCommand(), PrintCommand(), MathCommand(), RangeCommand(), SleepCommand(), ExpectCommand(),
            UndoCommand(),
            RunCommand(),
            HistoryListCommand(), HistoryForgetCommand(), HistorySaveCommand(), EditCommand(),
            FormatCommand(), PluginsCommand(), PluginsCommand(path: ["plugin", "list"]), ExitCommand(),
        ] as [any SessionCommand]).map(RegisteredCommand.init(session:))

    /// The data verbs, as core commands: made when a session first needs one (a run of the
    /// session's own commands never does).
    private static let verbs = Verbs.all.map { RegisteredCommand($0, owner: nil) }

    /// What a core group's name runs alone: `state` lists keys, `history` lists commands.
    static let groupDefaults = ["state": "keys", "history": "list", "date": "now"]

    /// The registry of a session with these plugins and the host's commands (`plugin …`).
    static func registry(
        plugins: [any Plugin], hostCommands: [any Command], morePlugins: (@Sendable () -> [any Plugin])?
    ) throws(RegistryError) -> CommandRegistry {
        try CommandRegistry(
            core: session, laterCore: { verbs + hostCommands.map { RegisteredCommand($0, owner: nil) } },
            coreDefaults: groupDefaults, plugins: plugins, morePlugins: morePlugins)
    }
}
