import ShopRuntime
import ShopSQLite

/// The columns of one `history` row as read, before its status is checked.
struct Row: Sendable {
    var id: Int64
    var session: String
    var startedAt: Double
    var text: String
    var duration: Double
    var status: String

    /// Reads the current row of a statement selecting `id, session, started_at, text, duration, status`.
    init(_ statement: SQLiteStatement) {
        id = statement.int64(at: 0)
        session = statement.text(at: 1)
        startedAt = statement.double(at: 2)
        text = statement.text(at: 3)
        duration = statement.double(at: 4)
        status = statement.text(at: 5)
    }

    /// The row as a ``HistoryEntry``; an unknown status is an error rather than a guess.
    func entry() throws(HistoryError) -> HistoryEntry {
        guard let status = HistoryStatus(rawValue: status) else {
            throw .failed(reason: "entry \(id) has an unknown status '\(status)'")
        }
        return HistoryEntry(
            id: id, session: session, startedAt: startedAt, text: text, duration: duration, status: status)
    }
}
