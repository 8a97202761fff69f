import Synchronization

/// The registry command a call inside a block names, found the first time the call runs, so
/// that a loop or a user command looks the name up once rather than on every round.
///
/// Only a registry's commands are kept: a registry never changes during its session, and it is
/// asked before the user's commands, which `def`, `undo` and `state load` change (those are
/// looked up each time). Each entry names the registry it came from: a tree another session
/// runs looks its names up again.
public final class ResolutionCache: Sendable {
    private struct Entry {
        let registry: CommandRegistry.Identity
        let command: RegisteredCommand
        let nameLength: Int
    }

    private let entry = Mutex<Entry?>(nil)

    public init() {}

    /// The command and its name's length, when they were kept for `registry`.
    func command(in registry: CommandRegistry.Identity) -> (RegisteredCommand, Int)? {
        entry.withLock { entry in
            guard let entry, entry.registry === registry else { return nil }
            return (entry.command, entry.nameLength)
        }
    }

    /// Keeps what the call's name resolved to in `registry`.
    func keep(_ command: RegisteredCommand, nameLength: Int, in registry: CommandRegistry.Identity) {
        entry.withLock { $0 = Entry(registry: registry, command: command, nameLength: nameLength) }
    }
}
