import ShopPluginAPI
import Synchronization

/// The outside plugins registered with `plugin add`, read from the registry file the first
/// time a session needs a plugin it does not have, and kept for every session of the run.
///
/// A run that never names one (`shop -c exit`, a script of core and built-in commands) never
/// reads the registry file; a session asks for them through `SessionConfiguration.morePlugins`.
/// Reading may block (an outside plugin whose executable changed is asked for its manifest
/// again), so it must not run on a thread of the cooperative pool that the read's own work
/// would need.
///
/// ```swift
/// let registered = RegisteredPlugins(loader: loader) { warning in print("warning: \(warning)") }
/// let configuration = SessionConfiguration(plugins: builtIns, …, morePlugins: { registered.all })
/// ```
public final class RegisteredPlugins: Sendable {
    private let loader: OutsidePluginLoader
    private let warn: @Sendable (String) -> Void
    private let plugins = Mutex<[any Plugin]?>(nil)

    /// The plugins `loader` finds registered; `warn` is told of each damaged entry when they
    /// are read.
    public init(loader: OutsidePluginLoader, warn: @escaping @Sendable (String) -> Void) {
        self.loader = loader
        self.warn = warn
    }

    /// The plugins, read on the first call and kept.
    public var all: [any Plugin] {
        plugins.withLock { plugins in
            if let plugins { return plugins }
            let (found, warnings) = loader.registered()
            for warning in warnings { warn(warning) }
            plugins = found
            return found
        }
    }
}
