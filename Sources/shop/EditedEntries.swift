import Synchronization

/// What `edit` saved in the user's editor, waiting for the REPL to run it next as if typed.
final class EditedEntries: Sendable {
    private let entries = Mutex<[String]>([])

    /// Queues `entry` to run after the command that edited it.
    func queue(_ entry: String) {
        entries.withLock { $0.append(entry) }
    }

    /// The oldest entry waiting, taken away; nil when none is.
    func take() -> String? {
        entries.withLock { $0.isEmpty ? nil : $0.removeFirst() }
    }
}
