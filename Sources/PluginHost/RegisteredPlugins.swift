import Synchronization

/// Plugins found only when a session first needs one of them: the outside plugins
/// registered with `plugin add`, whose registry file a run that never names one
/// (`shop -c exit`, a script of core and built-in commands) does not read.
///
/// The registry (``CommandRegistry``) asks for them when the plugins it was given cannot
/// answer: a name that is none of theirs, every plugin or key at once (`help`, `plugins`,
/// `state keys`, Tab), a key in a namespace that is none of theirs. Their answers then never
/// change, so what a session learnt before the read stays true after it. Read once per
/// process and shared by its sessions; `read` may block (an outside plugin whose executable
/// changed is asked for its manifest again), so it must not run on a thread of the
/// cooperative pool that the read's own work would need.
///
/// ```swift
/// let registered = DeferredPlugins { loader.registered().plugins }
/// let registry = try CommandRegistry(core: core, plugins: builtIns, deferred: registered)
/// ```
public final class DeferredPlugins: Sendable {
    private let read: @Sendable () -> [any Plugin]
    private let plugins = Mutex<[any Plugin]?>(nil)

    /// Plugins that `read` finds on the first call of ``all``.
    public init(_ read: @escaping @Sendable () -> [any Plugin]) {
        self.read = read
    }

    /// The plugins, found on the first call and kept.
    public var all: [any Plugin] {
        plugins.withLock { plugins in
            if let plugins { return plugins }
            let found = read()
            plugins = found
            return found
        }
    }
}
