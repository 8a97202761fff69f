import ShopRuntime
import Synchronization

/// The history database, opened on the first call: the history of `shop run` and `shop -c`,
/// which record nothing but whose `history --all` and `history forget` reach every session's
/// commands, and which pay nothing for it when no command asks.
///
/// A database that cannot be opened makes each call throw why, as the command's error.
public final class OnDemandHistoryStore: HistoryStoring {
    /// The database file.
    public let path: String
    private let opened = Mutex<SQLiteHistoryStore?>(nil)

    public init(path: String) {
        self.path = path
    }

    /// The open store, opened now if it is not yet.
    private func store() throws(HistoryError) -> SQLiteHistoryStore {
        try opened.withLock { opened throws(HistoryError) in
            if let opened { return opened }
            let store = try SQLiteHistoryStore(path: path)
            opened = store
            return store
        }
    }

    public func record(_ record: HistoryRecord) throws(HistoryError) -> Int64 {
        try store().record(record)
    }

    public func entries(in scope: HistoryScope, matching text: String?, limit: Int?) throws(HistoryError)
        -> [HistoryEntry]
    {
        try store().entries(in: scope, matching: text, limit: limit)
    }

    public func entry(id: Int64) throws(HistoryError) -> HistoryEntry? {
        try store().entry(id: id)
    }

    public func forget(id: Int64) throws(HistoryError) -> Int {
        try store().forget(id: id)
    }

    public func forget(matching text: String) throws(HistoryError) -> Int {
        try store().forget(matching: text)
    }
}
