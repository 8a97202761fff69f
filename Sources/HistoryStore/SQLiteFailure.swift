import CSQLite

/// An error reported by SQLite: its (extended) result code and message.
///
/// Internal: ``SQLiteHistoryStore`` turns it into a ``HistoryError`` with context.
struct SQLiteFailure: Error, Equatable {
    /// The extended result code, e.g. `SQLITE_BUSY` or `SQLITE_NOTADB`.
    var code: Int32
    /// SQLite's message, e.g. "database is locked".
    var message: String

    /// The primary result code (the low byte of the extended one).
    var primaryCode: Int32 { code & 0xFF }

    /// The failure last reported on `database`, or the generic text of `code` when there is none.
    init(code: Int32, database: OpaquePointer?) {
        self.code = code
        if let database, let text = sqlite3_errmsg(database) {
            self.message = String(cString: text)
        } else {
            self.message = String(cString: sqlite3_errstr(code))
        }
    }

    init(code: Int32, message: String) {
        self.code = code
        self.message = message
    }
}
