import HistoryStore
import ShopRuntime

/// A history store implementation under test.
enum StoreKind: String, CaseIterable, Sendable, CustomStringConvertible {
    case sqlite
    case inMemory

    var description: String { rawValue }

    /// A new, empty store of this kind; SQLite's lives in `folder`.
    func make(in folder: TemporaryFolder) throws -> any HistoryStoring {
        switch self {
        case .sqlite: try SQLiteHistoryStore(path: folder.file("history.sqlite3"))
        case .inMemory: InMemoryHistoryStore()
        }
    }
}

/// Records `rows` in order (start times 1000, 1001, …) and returns their ids.
@discardableResult
func record(_ rows: [(session: String, text: String)], in store: any HistoryStoring) throws -> [Int64] {
    try rows.enumerated().map { index, row in
        try store.record(
            HistoryRecord(
                session: row.session, startedAt: 1_000 + Double(index), text: row.text, duration: 0.5,
                status: .succeeded))
    }
}
