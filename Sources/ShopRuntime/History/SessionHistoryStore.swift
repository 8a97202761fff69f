import Synchronization

/// The history a REPL session records to: a primary store (the SQLite database) for as long as
/// it works, with this session's commands kept in memory too. At the primary's first failure
/// (the file corrupted, removed or locked mid-session) the session switches to the memory copy
/// with one warning, so `history`, `!!`, `!N`, `history save` and Up keep every command of the
/// session, those typed before the failure included. The primary is not used again.
///
/// It also counts forgets, so the line editor can drop forgotten lines at once.
///
/// ```swift
/// let history = SessionHistoryStore(primary: try SQLiteHistoryStore(path: path)) { error in
///     warn("\(error); using in-memory history for this session")
/// }
/// ```
public final class SessionHistoryStore: HistoryStoring {
    private let primary: any HistoryStoring
    /// This session's commands, with the ids the primary gave them.
    private let memory = InMemoryHistoryStore()
    private let onFailure: @Sendable (HistoryError) -> Void
    private let state = Mutex(State())

    private struct State {
        var primaryFailed = false
        var forgetCount = 0
    }

    /// Records to `primary`; `onFailure` is told once, when the session switches to memory.
    public init(primary: any HistoryStoring, onFailure: @escaping @Sendable (HistoryError) -> Void) {
        self.primary = primary
        self.onFailure = onFailure
    }

    /// Whether the primary failed and the session's history is now in memory only.
    public var usesMemoryOnly: Bool { state.withLock { $0.primaryFailed } }

    /// How many `forget` calls removed something; changes when the line editor should reload.
    public var forgetCount: Int { state.withLock { $0.forgetCount } }

    public func record(_ record: HistoryRecord) throws(HistoryError) -> Int64 {
        if let id = fromPrimary({ () throws(HistoryError) in try primary.record(record) }) {
            memory.insert(
                HistoryEntry(
                    id: id, session: record.session, startedAt: record.startedAt, text: record.text,
                    duration: record.duration, status: record.status))
            return id
        }
        return try memory.record(record)
    }

    public func entries(in scope: HistoryScope, matching text: String?, limit: Int?) throws(HistoryError)
        -> [HistoryEntry]
    {
        if let entries = fromPrimary({ () throws(HistoryError) in
            try primary.entries(in: scope, matching: text, limit: limit)
        }) {
            return entries
        }
        return try memory.entries(in: scope, matching: text, limit: limit)
    }

    public func entry(id: Int64) throws(HistoryError) -> HistoryEntry? {
        if let entry = fromPrimary({ () throws(HistoryError) in try primary.entry(id: id) }) { return entry }
        return try memory.entry(id: id)
    }

    public func forget(id: Int64) throws(HistoryError) -> Int {
        let removed = try memory.forget(id: id)
        return counted(fromPrimary { () throws(HistoryError) in try primary.forget(id: id) } ?? removed)
    }

    public func forget(matching text: String) throws(HistoryError) -> Int {
        let removed = try memory.forget(matching: text)
        return counted(fromPrimary { () throws(HistoryError) in try primary.forget(matching: text) } ?? removed)
    }

    /// The primary's answer; nil once it has failed (this call's failure switches to memory).
    private func fromPrimary<Answer>(_ body: () throws(HistoryError) -> Answer) -> Answer? {
        guard !state.withLock({ $0.primaryFailed }) else { return nil }
        do {
            return try body()
        } catch {
            state.withLock { $0.primaryFailed = true }
            onFailure(error)
            return nil
        }
    }

    private func counted(_ removed: Int) -> Int {
        if removed > 0 { state.withLock { $0.forgetCount += 1 } }
        return removed
    }
}
