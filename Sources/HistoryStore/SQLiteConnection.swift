import CSQLite

/// One open SQLite database handle with a cache of prepared statements.
///
/// Not thread-safe: ``SQLiteHistoryStore`` keeps it inside a `Mutex`, and nothing else holds it.
final class SQLiteConnection {
    private let handle: OpaquePointer
    private let busyTimeout: Duration
    private var statements: [String: SQLiteStatement] = [:]

    /// Opens an existing database file for reading and writing; never creates one.
    ///
    /// - Throws: ``SQLiteFailure`` when the file cannot be opened, or SQLite could open it
    ///   only for reading (`SQLITE_READONLY`).
    init(path: String, busyTimeoutMilliseconds: Int32) throws(SQLiteFailure) {
        var opened: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE
        let code = sqlite3_open_v2(path, &opened, flags, nil)
        guard code == SQLITE_OK, let opened else {
            let failure = SQLiteFailure(code: code, database: opened)
            sqlite3_close_v2(opened)
            throw failure
        }
        // SQLite silently falls back to read-only when the file is write-protected.
        if sqlite3_db_readonly(opened, "main") == 1 {
            sqlite3_close_v2(opened)
            throw SQLiteFailure(code: SQLITE_READONLY, message: "the file is read-only")
        }
        sqlite3_busy_timeout(opened, busyTimeoutMilliseconds)
        self.handle = opened
        self.busyTimeout = .milliseconds(busyTimeoutMilliseconds)
    }

    deinit {
        statements.removeAll()  // finalizes every statement before the handle closes
        sqlite3_close_v2(handle)
    }

    /// Runs one or more statements that take no parameters (schema, pragmas, transactions).
    func execute(_ sql: String) throws(SQLiteFailure) {
        let code = sqlite3_exec(handle, sql, nil, nil, nil)
        guard code == SQLITE_OK else { throw SQLiteFailure(code: code, database: handle) }
    }

    /// Runs `body` with the cached prepared statement for `sql`, and resets the statement afterwards.
    func withStatement<Result>(
        _ sql: String, _ body: (SQLiteStatement) throws(SQLiteFailure) -> Result
    ) throws(SQLiteFailure) -> Result {
        let statement = try prepared(sql)
        defer { statement.reset() }
        return try body(statement)
    }

    /// The first column of the first row of `sql` as an integer (0 when there is no row).
    func integer(_ sql: String) throws(SQLiteFailure) -> Int64 {
        try withStatement(sql) { statement throws(SQLiteFailure) in
            try statement.step() ? statement.int64(at: 0) : 0
        }
    }

    /// The first column of the first row of `sql` as text ("" when there is no row).
    func text(_ sql: String) throws(SQLiteFailure) -> String {
        try withStatement(sql) { statement throws(SQLiteFailure) in
            try statement.step() ? statement.text(at: 0) : ""
        }
    }

    /// Runs `body`, and runs it again while it fails with `SQLITE_BUSY`, for up to the busy timeout.
    ///
    /// SQLite's busy handler does not wait when waiting could deadlock (two connections both
    /// upgrading their locks); `body` must be safe to repeat, holding no lock when it fails.
    func retryingWhileBusy<Result>(_ body: () throws(SQLiteFailure) -> Result) throws(SQLiteFailure) -> Result {
        let clock = ContinuousClock()
        let deadline = clock.now + busyTimeout
        var pause: Int32 = 1
        while true {
            do throws(SQLiteFailure) {
                return try body()
            } catch {
                guard error.primaryCode == SQLITE_BUSY, clock.now < deadline else { throw error }
                sqlite3_sleep(pause)
                pause = min(pause * 2, 50)
            }
        }
    }

    /// Makes closing leave the file and its write-ahead log untouched (no checkpoint into it),
    /// for a database found damaged.
    func disableCheckpointOnClose() {
        _ = shop_sqlite3_disable_checkpoint_on_close(handle)
    }

    /// The first `count` bytes of the database file, read through SQLite's own file descriptor;
    /// nil when they cannot all be read.
    ///
    /// Opening and closing another descriptor on the file would drop every POSIX lock this
    /// process holds on it, SQLite's included: another process closing the database would then
    /// take itself for the last one and delete the write-ahead log this connection still writes to.
    func databaseFilePrefix(count: Int) -> [UInt8]? {
        var file: UnsafeMutablePointer<sqlite3_file>?
        guard sqlite3_file_control(handle, "main", SQLITE_FCNTL_FILE_POINTER, &file) == SQLITE_OK,
            let file, let read = file.pointee.pMethods?.pointee.xRead
        else { return nil }
        var bytes = [UInt8](repeating: 0, count: count)
        let code = bytes.withUnsafeMutableBytes { buffer in read(file, buffer.baseAddress, Int32(count), 0) }
        return code == SQLITE_OK ? bytes : nil
    }

    /// The id SQLite gave the row most recently inserted through this connection.
    var lastInsertedRowID: Int64 { sqlite3_last_insert_rowid(handle) }

    /// How many rows the most recent INSERT, UPDATE or DELETE on this connection changed.
    var changes: Int { Int(sqlite3_changes64(handle)) }

    private func prepared(_ sql: String) throws(SQLiteFailure) -> SQLiteStatement {
        if let statement = statements[sql] { return statement }
        var prepared: OpaquePointer?
        let code = sqlite3_prepare_v3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &prepared, nil)
        guard code == SQLITE_OK, let prepared else {
            throw SQLiteFailure(code: code, database: handle)
        }
        let statement = SQLiteStatement(handle: prepared)
        statements[sql] = statement
        return statement
    }
}
