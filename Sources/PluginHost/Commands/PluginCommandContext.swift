import ShopPluginAPI

/// How `plugin check` runs one of a plugin's examples: `line` in a fresh session with
/// `plugins`, in `environment`. Nil when it ran without error, else why not (its first
/// `error:` line). The executable gives one, since only it makes sessions.
public typealias ExampleRunner =
    @Sendable (_ line: String, _ plugins: [any Plugin], _ environment: SessionEnvironment) async -> String?

/// What the `plugin …` commands need from the executable: how to find and start plugins,
/// the built-in plugins (whose names `plugin add` refuses, beside which `plugin check` runs a
/// plugin's examples), and how to run an example in a fresh session.
public struct PluginCommandContext: Sendable {
    public var loader: OutsidePluginLoader
    public var builtIns: [any Plugin]
    /// The run's registered plugins, found before `plugin add` or `plugin remove` changes the
    /// registry: a change is for new sessions, whenever this one first needs them.
    public var registered: RegisteredPlugins?
    /// Runs a line in a fresh session with the given plugins, for `plugin check`.
    public var runExample: ExampleRunner

    public init(
        loader: OutsidePluginLoader, builtIns: [any Plugin], registered: RegisteredPlugins? = nil,
        runExample: @escaping ExampleRunner
    ) {
        self.loader = loader
        self.builtIns = builtIns
        self.registered = registered
        self.runExample = runExample
    }

    /// The argument of `plugin add` and `plugin check`.
    static let pluginArgument = Argument<String>("PLUGIN", "a path to the plugin, or its NAME", completion: .files)

    /// The loader, with paths relative to the running script's folder.
    func loader(for invocation: Invocation) -> OutsidePluginLoader {
        var loader = loader
        loader.settings.workingDirectory = invocation.baseDirectory
        return loader
    }

    /// `plugin add`, `plugin remove`, `plugin log`, `plugin check` (`plugin list` is the core's).
    public var commands: [any Command] {
        [
            PluginAddCommand(context: self), PluginRemoveCommand(context: self), PluginLogCommand(),
            PluginCheckCommand(context: self),
        ]
    }
}
