import Synchronization

/// What the name of a call inside a block was found to be, the first time the call ran, so
/// that a loop or a user command looks the name up once rather than on every round.
///
/// Only what a registry says is kept — its command, or that it has none of that name (a user
/// command's, looked up each time: `def`, `undo` and `state load` change those). A registry
/// never changes during its session and is asked before the user's commands. Each entry names
/// the registry it came from: a tree another session runs looks its names up again.
public final class ResolutionCache: Sendable {
    /// What the registry has under the call's name.
    enum Resolution {
        /// Its command, and how many words its name takes.
        case command(RegisteredCommand, nameLength: Int)
        /// None: the name can only be a user command's (callgrind, 100,000 calls of a `def`:
        /// three hash lookups a call less).
        case absent
    }

    private struct Entry {
        let registry: CommandRegistry.Identity
        let resolution: Resolution
    }

    private let entry = Mutex<Entry?>(nil)

    public init() {}

    /// What was kept for `registry`, if anything.
    func resolution(in registry: CommandRegistry.Identity) -> Resolution? {
        entry.withLock { entry in
            guard let entry, entry.registry === registry else { return nil }
            return entry.resolution
        }
    }

    /// Keeps what the call's name resolved to in `registry`.
    func keep(_ resolution: Resolution, in registry: CommandRegistry.Identity) {
        entry.withLock { $0 = Entry(registry: registry, resolution: resolution) }
    }
}
