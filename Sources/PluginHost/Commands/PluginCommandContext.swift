import ShopKit

/// What the `plugin …` commands need from the executable: how to find and start plugins,
/// and the built-in plugins (whose names `plugin add` refuses, beside which `plugin check`
/// runs a plugin's examples).
public struct PluginCommandContext: Sendable {
    public var loader: OutsidePluginLoader
    public var builtIns: [any Plugin]
    /// The run's registered plugins, found before `plugin add` or `plugin remove` changes the
    /// registry: a change is for new sessions, whenever this one first needs them.
    public var registered: DeferredPlugins?

    public init(loader: OutsidePluginLoader, builtIns: [any Plugin], registered: DeferredPlugins? = nil) {
        self.loader = loader
        self.builtIns = builtIns
        self.registered = registered
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
