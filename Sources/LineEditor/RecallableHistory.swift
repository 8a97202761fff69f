/// The entries Up recalls, oldest first, which suggestions and the history search look
/// through newest first. Its version changes with every change, so a search made on an
/// earlier version is known to be stale.
struct RecallableHistory {
    private(set) var entries: [String]
    private(set) var version = 0

    init(_ entries: [String] = []) {
        self.entries = entries
    }

    mutating func append(_ entry: String) {
        entries.append(entry)
        version += 1
    }

    /// The positions of the entries from the newest to the oldest, from `position` on
    /// (exclusive; the newest when nil).
    func positionsNewestFirst(before position: Int? = nil) -> ReversedCollection<Range<Int>> {
        (0..<min(position ?? entries.count, entries.count)).reversed()
    }
}
