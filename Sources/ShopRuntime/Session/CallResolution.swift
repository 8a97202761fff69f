/// What the registry has under a call's name, as a call inside a block keeps it in its
/// ``ResolutionCache``, so that a loop or a user command looks the name up once.
///
/// Only what a registry says is kept: a registry never changes during its session and is
/// asked before the user's commands.
final class CallResolution: Sendable {
    /// The registry's command and how many words its name takes; nil when the registry has
    /// none of that name, which can then only be a user command's (looked up each time:
    /// `def`, `undo` and `state load` change those).
    let found: (command: RegisteredCommand, nameLength: Int)?

    init(found: (command: RegisteredCommand, nameLength: Int)?) {
        self.found = found
    }

    /// The registry has no command of the name.
    static let absent = CallResolution(found: nil)
}
