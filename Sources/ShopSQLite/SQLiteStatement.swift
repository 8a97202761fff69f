import CSQLite

/// A prepared statement: bind, step, read columns, reset.
///
/// Not thread-safe; it belongs to one ``SQLiteConnection`` and is used where that connection is.
package final class SQLiteStatement {
    private let handle: OpaquePointer

    /// Takes ownership of a prepared statement handle.
    init(handle: OpaquePointer) {
        self.handle = handle
    }

    deinit {
        sqlite3_finalize(handle)
    }

    /// Makes the statement ready for its next use: resets it and clears its bindings.
    package func reset() {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
    }

    // MARK: Binding (indexes are 1-based, as in SQL's `?1`)

    package func bind(_ value: Int64, at index: Int32) throws(SQLiteFailure) {
        try check(sqlite3_bind_int64(handle, index, value))
    }

    package func bind(_ value: Double, at index: Int32) throws(SQLiteFailure) {
        try check(sqlite3_bind_double(handle, index, value))
    }

    /// Binds text (all of it, NUL characters included), or SQL NULL for `nil`.
    package func bind(_ value: String?, at index: Int32) throws(SQLiteFailure) {
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
    package func step() throws(SQLiteFailure) -> Bool {
        let code = sqlite3_step(handle)
        switch code {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default: throw SQLiteFailure(code: code, database: sqlite3_db_handle(handle))
        }
    }

    /// Runs a statement that returns no rows (or whose rows do not matter).
    package func run() throws(SQLiteFailure) {
        while try step() {}
    }

    // MARK: Columns of the current row (0-based)

    package func int64(at column: Int32) -> Int64 {
        sqlite3_column_int64(handle, column)
    }

    package func double(at column: Int32) -> Double {
        sqlite3_column_double(handle, column)
    }

    /// The column as text; SQL NULL reads as the empty string.
    package func text(at column: Int32) -> String {
        guard let bytes = sqlite3_column_text(handle, column) else { return "" }
        let count = Int(sqlite3_column_bytes(handle, column))
        return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    }

    /// The storage class of the column's value in the current row: `SQLITE_INTEGER`,
    /// `SQLITE_FLOAT`, `SQLITE_TEXT`, `SQLITE_BLOB` or `SQLITE_NULL`.
    package func storageClass(at column: Int32) -> Int32 {
        sqlite3_column_type(handle, column)
    }

    /// The column's value as bytes (a blob's, or text's).
    package func blob(at column: Int32) -> [UInt8] {
        let count = Int(sqlite3_column_bytes(handle, column))
        guard count > 0, let bytes = sqlite3_column_blob(handle, column) else { return [] }
        return Array(UnsafeRawBufferPointer(start: bytes, count: count))
    }

    /// Binds SQL NULL.
    package func bindNull(at index: Int32) throws(SQLiteFailure) {
        try check(sqlite3_bind_null(handle, index))
    }

    // MARK: Describing the result

    /// How many columns each row has.
    package var columnCount: Int32 { sqlite3_column_count(handle) }

    /// The name of a result column: its `AS` name, else what SQLite calls it.
    package func columnName(at column: Int32) -> String {
        sqlite3_column_name(handle, column).map { String(cString: $0) } ?? "column\(column + 1)"
    }

    /// The type a result column was declared with in its table (`INTEGER`, `BOOLEAN`), when
    /// the column is a table's column as it is; nil for an expression.
    package func declaredType(at column: Int32) -> String? {
        sqlite3_column_decltype(handle, column).map { String(cString: $0) }
    }

    /// Whether running the statement changes no database file.
    package var isReadOnly: Bool { sqlite3_stmt_readonly(handle) != 0 }

    // MARK: Helpers

    /// `SQLITE_TRANSIENT`: SQLite copies bound text before the call returns.
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

    private func check(_ code: Int32) throws(SQLiteFailure) {
        guard code == SQLITE_OK else {
            throw SQLiteFailure(code: code, database: sqlite3_db_handle(handle))
        }
    }
}
