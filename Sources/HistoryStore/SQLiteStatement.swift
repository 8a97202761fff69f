import CSQLite

/// A prepared statement: bind, step, read columns, reset.
///
/// Not thread-safe; it belongs to one ``SQLiteConnection`` and is used under that connection's lock.
final class SQLiteStatement {
    private let handle: OpaquePointer

    /// Takes ownership of a prepared statement handle.
    init(handle: OpaquePointer) {
        self.handle = handle
    }

    deinit {
        sqlite3_finalize(handle)
    }

    /// Makes the statement ready for its next use: resets it and clears its bindings.
    func reset() {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
    }

    // MARK: Binding (indexes are 1-based, as in SQL's `?1`)

    func bind(_ value: Int64, at index: Int32) throws(SQLiteFailure) {
        try check(sqlite3_bind_int64(handle, index, value))
    }

    func bind(_ value: Double, at index: Int32) throws(SQLiteFailure) {
        try check(sqlite3_bind_double(handle, index, value))
    }

    /// Binds text (all of it, NUL characters included), or SQL NULL for `nil`.
    func bind(_ value: String?, at index: Int32) throws(SQLiteFailure) {
        guard var value else {
            try check(sqlite3_bind_null(handle, index))
            return
        }
        let code = value.withUTF8 { bytes in
            // A nil pointer would bind NULL, so the empty string gets a pointer of its own.
            guard let base = bytes.baseAddress, !bytes.isEmpty else {
                return sqlite3_bind_text(handle, index, "", 0, Self.transient)
            }
            return sqlite3_bind_text64(
                handle, index, UnsafeRawPointer(base).assumingMemoryBound(to: CChar.self),
                sqlite3_uint64(bytes.count), Self.transient, UInt8(SQLITE_UTF8))
        }
        try check(code)
    }

    // MARK: Stepping

    /// Runs the statement to its next row: `true` when a row is ready, `false` when done.
    func step() throws(SQLiteFailure) -> Bool {
        let code = sqlite3_step(handle)
        switch code {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default: throw SQLiteFailure(code: code, database: sqlite3_db_handle(handle))
        }
    }

    /// Runs a statement that returns no rows (or whose rows do not matter).
    func run() throws(SQLiteFailure) {
        while try step() {}
    }

    // MARK: Columns of the current row (0-based)

    func int64(at column: Int32) -> Int64 {
        sqlite3_column_int64(handle, column)
    }

    func double(at column: Int32) -> Double {
        sqlite3_column_double(handle, column)
    }

    /// The column as text; SQL NULL reads as the empty string.
    func text(at column: Int32) -> String {
        guard let bytes = sqlite3_column_text(handle, column) else { return "" }
        let count = Int(sqlite3_column_bytes(handle, column))
        return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    }

    // MARK: Helpers

    /// `SQLITE_TRANSIENT`: SQLite copies bound text before the call returns.
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

    private func check(_ code: Int32) throws(SQLiteFailure) {
        guard code == SQLITE_OK else {
            throw SQLiteFailure(code: code, database: sqlite3_db_handle(handle))
        }
    }
}
