/// The commands every session has, before any plugin.
enum CoreCommands {
    /// Core commands in the order `help` lists them: the session's own, then the verbs for exploring data.
    static let all: [any Command] = session + Verbs.exploring

    private static let session: [any Command] = [
        HelpCommand(), SetCommand(), UnsetCommand(), VarsCommand(),
        StateKeysCommand(), StateGetCommand(), StateSaveCommand(), StateLoadCommand(),
        EchoCommand(), PrintCommand(), MathCommand(), RangeCommand(), SleepCommand(), ExpectCommand(), UndoCommand(),
        RunCommand(),
        HistoryListCommand(), HistoryForgetCommand(), HistorySaveCommand(), EditCommand(),
        FormatCommand(), PluginsCommand(), PluginsCommand(path: ["plugin", "list"]), ExitCommand(),
        WhereCommand(), EachCommand(), SortCommand(), TakeCommand(), SkipCommand(), CountCommand(), GetCommand(),
        FindCommand(), ToJSONCommand(), ToCSVCommand(), FromJSONCommand(),
    ]

    /// What a core group's name runs alone: `state` lists keys, `history` lists commands.
    static let groupDefaults = ["state": "keys", "history": "list"]
}
