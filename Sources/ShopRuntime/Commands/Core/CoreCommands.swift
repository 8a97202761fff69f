import ShopPluginAPI
import ShopVerbs

/// The commands every session has, before any plugin.
enum CoreCommands {
    /// Core commands in the order `help` lists them: the session's own, then the verbs.
    static let all: [RegisteredCommand] = session.map(RegisteredCommand.init(session:)) + verbs

    /// The commands of the session itself.
    private static let session: [any SessionCommand] = [
        HelpCommand(), SetCommand(), UnsetCommand(), VarsCommand(),
        StateKeysCommand(), StateGetCommand(), StateSaveCommand(), StateLoadCommand(),
        EchoCommand(), PrintCommand(), MathCommand(), RangeCommand(), SleepCommand(), ExpectCommand(), UndoCommand(),
        RunCommand(),
        HistoryListCommand(), HistoryForgetCommand(), HistorySaveCommand(), EditCommand(),
        FormatCommand(), PluginsCommand(), PluginsCommand(path: ["plugin", "list"]), ExitCommand(),
    ]

    /// The data verbs, as core commands.
    private static let verbs = Verbs.all.map { RegisteredCommand($0, owner: nil) }

    /// What a core group's name runs alone: `state` lists keys, `history` lists commands.
    static let groupDefaults = ["state": "keys", "history": "list", "date": "now"]

    /// The registry of a session with these plugins and the host's commands (`plugin …`).
    static func registry(
        plugins: [any Plugin], hostCommands: [any Command], morePlugins: (@Sendable () -> [any Plugin])?
    ) throws(RegistryError) -> CommandRegistry {
        try CommandRegistry(
            core: all + hostCommands.map { RegisteredCommand($0, owner: nil) }, coreDefaults: groupDefaults,
            plugins: plugins, morePlugins: morePlugins)
    }
}
