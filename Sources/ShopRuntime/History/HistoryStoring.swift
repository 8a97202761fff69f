/// Where a session's history lives.
///
/// The runtime ships ``InMemoryHistoryStore``; the `HistoryStore` module stores history in SQLite.
/// Every method may be called from any thread.
///
/// ```swift
/// let store: any HistoryStoring = InMemoryHistoryStore()
/// let id = try store.record(HistoryRecord(session: "s1", startedAt: 0, text: "vars", duration: 0.001, status: .succeeded))
/// let mine = try store.entries(in: .session("s1"), matching: nil, limit: nil)
/// ```
public protocol HistoryStoring: Sendable {
    /// Appends one finished command and returns its id.
    func record(_ record: HistoryRecord) throws(HistoryError) -> Int64

    /// Entries oldest first; `limit` keeps the newest `limit` of them.
    func entries(in scope: HistoryScope, matching text: String?, limit: Int?) throws(HistoryError) -> [HistoryEntry]

    /// The entry with this id, from any session.
    func entry(id: Int64) throws(HistoryError) -> HistoryEntry?

    /// Deletes the entry with this id; returns how many rows went (0 or 1).
    func forget(id: Int64) throws(HistoryError) -> Int

    /// Deletes every entry whose text contains `text`; returns how many rows went.
    func forget(matching text: String) throws(HistoryError) -> Int
}

/// A command to record; the store assigns the id.
public struct HistoryRecord: Sendable, Equatable {
    public var session: String
    public var startedAt: Double
    public var text: String
    public var duration: Double
    public var status: HistoryStatus

    public init(session: String, startedAt: Double, text: String, duration: Double, status: HistoryStatus) {
        self.session = session
        self.startedAt = startedAt
        self.text = text
        self.duration = duration
        self.status = status
    }
}

/// Which sessions a history query covers.
public enum HistoryScope: Sendable, Equatable {
    /// One session's commands.
    case session(String)
    /// Every session's commands.
    case all
    /// Every session but this one (what the line editor recalls after the session's own commands).
    case allExcept(String)
}

/// Why the history store could not do what was asked.
public enum HistoryError: Error, Equatable, CustomStringConvertible {
    /// The store could not be opened or used; `reason` says why in a few words.
    case unavailable(path: String, reason: String)
    /// The database was written by a newer `shop`.
    case newerSchema(path: String, found: Int, supported: Int)
    /// A statement failed on an open store.
    case failed(reason: String)
    /// Another process held the write lock for longer than the store waits; a later call may succeed.
    case locked(path: String)
    /// The file was removed or replaced while open; the store opened the path again (a new,
    /// empty database when it was removed) and did nothing of the call.
    case replaced(path: String)

    public var description: String {
        switch self {
        case .unavailable(let path, let reason):
            "history database '\(path)' is unusable: \(reason)"
        case .newerSchema(let path, let found, let supported):
            "history database '\(path)' has schema version \(found); this shop supports up to \(supported)"
        case .failed(let reason):
            "history: \(reason)"
        case .locked(let path):
            "history database '\(path)' is locked by another process"
        case .replaced(let path):
            "history database '\(path)' was removed or replaced"
        }
    }
}
