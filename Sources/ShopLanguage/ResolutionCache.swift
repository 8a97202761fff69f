import Synchronization

/// A slot on a call that may run many times (one inside a block) where the runtime keeps what
/// the call's name resolved to the first time it ran, so that a loop or a user command looks
/// the name up once rather than on every round.
///
/// The language knows nothing of what is kept: an object of the runtime's, tagged with the
/// object it came from (the registry), so that a tree another session runs finds nothing of
/// this one's.
public final class ResolutionCache: Sendable {
    private struct Entry: Sendable {
        let owner: any AnyObject & Sendable
        let resolution: any AnyObject & Sendable
    }

    private let entry = Mutex<Entry?>(nil)

    public init() {}

    /// What was kept for `owner`, if anything.
    package func resolution(for owner: any AnyObject & Sendable) -> (any AnyObject & Sendable)? {
        entry.withLock { entry in
            guard let entry, entry.owner === owner else { return nil }
            return entry.resolution
        }
    }

    /// Keeps what the call's name resolved to for `owner`.
    package func keep(_ resolution: any AnyObject & Sendable, for owner: any AnyObject & Sendable) {
        entry.withLock { $0 = Entry(owner: owner, resolution: resolution) }
    }
}
