import Synchronization

/// History kept in memory for one process: used with `--no-history`, in tests, and when the
/// SQLite database cannot be used.
public final class InMemoryHistoryStore: HistoryStoring {
    private let rows = Mutex<[HistoryEntry]>([])
    private let nextID = Atomic<Int64>(1)

    public init() {}

    public func record(_ record: HistoryRecord) throws(HistoryError) -> Int64 {
        let id = nextID.add(1, ordering: .relaxed).oldValue
        let entry = HistoryEntry(
            id: id, session: record.session, startedAt: record.startedAt,
            text: record.text, duration: record.duration, status: record.status)
        rows.withLock { $0.append(entry) }
        return id
    }

    /// Adds an entry that already has its id (given by another store); later ids come after it.
    func insert(_ entry: HistoryEntry) {
        rows.withLock { $0.append(entry) }
        _ = nextID.max(entry.id + 1, ordering: .relaxed)
    }

    /// Gives the newest entry numbered `id` the number `newID` (given by another store); later
    /// ids come after it.
    func renumber(_ id: Int64, to newID: Int64) {
        rows.withLock { rows in
            if let index = rows.lastIndex(where: { $0.id == id }) { rows[index].id = newID }
        }
        _ = nextID.max(newID + 1, ordering: .relaxed)
    }

    public func entries(in scope: HistoryScope, matching text: String?, limit: Int?) throws(HistoryError)
        -> [HistoryEntry]
    {
        let selected = rows.withLock { rows in
            rows.filter { entry in
                scope.includes(entry.session) && (text.map { entry.text.contains($0) } ?? true)
            }
        }
        guard let limit else { return selected }
        return Array(selected.suffix(max(0, limit)))
    }

    /// The entry with this id; the newest of them when another store gave an id again (see
    /// ``renumber(_:to:)``).
    public func entry(id: Int64) throws(HistoryError) -> HistoryEntry? {
        rows.withLock { rows in rows.last { $0.id == id } }
    }

    public func forget(id: Int64) throws(HistoryError) -> Int {
        rows.withLock { rows in
            let before = rows.count
            rows.removeAll { $0.id == id }
            return before - rows.count
        }
    }

    public func forget(matching text: String) throws(HistoryError) -> Int {
        rows.withLock { rows in
            let before = rows.count
            rows.removeAll { $0.text.contains(text) }
            return before - rows.count
        }
    }
}

extension HistoryScope {
    /// Whether an entry of `session` belongs to this scope.
    public func includes(_ session: String) -> Bool {
        switch self {
        case .session(let wanted): session == wanted
        case .all: true
        case .allExcept(let excluded): session != excluded
        }
    }
}
