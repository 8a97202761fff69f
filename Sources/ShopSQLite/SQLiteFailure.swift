import CSQLite

/// An error reported by SQLite: its (extended) result code and message.
///
/// Callers turn it into their own error with context (the history store's `HistoryError`,
/// the message of `sql` and `open`).
package struct SQLiteFailure: Error, Equatable {
    /// The extended result code, e.g. `SQLITE_BUSY` or `SQLITE_NOTADB`.
    package var code: Int32
    /// SQLite's message, e.g. "database is locked".
    package var message: String
    /// Where in a statement's text SQLite found the problem (a byte offset), when it says.
    package var offset: Int?

    /// The primary result code (the low byte of the extended one).
    package var primaryCode: Int32 { code & 0xFF }

    /// The failure last reported on `database`, or the generic text of `code` when there is none.
    package init(code: Int32, database: OpaquePointer?) {
        self.code = code
        if let database, let text = sqlite3_errmsg(database) {
            self.message = String(cString: text)
        } else {
            self.message = String(cString: sqlite3_errstr(code))
        }
    }

    package init(code: Int32, message: String) {
        self.code = code
        self.message = message
    }
}
