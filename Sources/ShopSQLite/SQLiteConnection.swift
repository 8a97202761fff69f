import CSQLite
import Synchronization

/// One open SQLite database handle with a cache of prepared statements.
///
/// Not thread-safe, but for its ``interrupter``: the history store keeps one inside a `Mutex`,
/// and a query over shop's values uses its own from one task.
package final class SQLiteConnection {
    /// How a database file is opened.
    package enum Access {
        /// An existing file, for reading and writing; one SQLite could open only for reading
        /// is refused (`SQLITE_READONLY`).
        case readWrite
        /// An existing file, for reading only.
        case readOnly
        /// A new or existing file, for reading and writing; a symbolic link is refused.
        case create
    }

    /// The first 16 bytes of every SQLite 3 database file.
    package static let fileHeader: [UInt8] = Array("SQLite format 3\0".utf8)

    private let handle: OpaquePointer
    private let busyTimeout: Duration
    private var statements: [String: SQLiteStatement] = [:]

    /// Opens the database file at `path` as `access` says; SQLite waits up to
    /// `busyTimeoutMilliseconds` for another connection's lock.
    ///
    /// - Throws: ``SQLiteFailure`` when the file cannot be opened, or SQLite could open a
    ///   file meant for writing only for reading (`SQLITE_READONLY`).
    package init(path: String, access: Access = .readWrite, busyTimeoutMilliseconds: Int32) throws(SQLiteFailure) {
        let mode: Int32 =
            switch access {
            case .readWrite: SQLITE_OPEN_READWRITE
            case .readOnly: SQLITE_OPEN_READONLY
            case .create: SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOFOLLOW
            }
        handle = try Self.open(path, flags: mode | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE)
        // SQLite silently falls back to read-only when the file is write-protected.
        if access != .readOnly, sqlite3_db_readonly(handle, "main") == 1 {
            sqlite3_close_v2(handle)
            throw SQLiteFailure(code: SQLITE_READONLY, message: "the file is read-only")
        }
        sqlite3_busy_timeout(handle, busyTimeoutMilliseconds)
        self.busyTimeout = .milliseconds(busyTimeoutMilliseconds)
    }

    /// A new, empty database in memory, gone when the connection is.
    package static func inMemory() throws(SQLiteFailure) -> SQLiteConnection {
        SQLiteConnection(
            handle: try open(":memory:", flags: SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE))
    }

    private init(handle: OpaquePointer) {
        self.handle = handle
        busyTimeout = .zero
    }

    private static func open(_ path: String, flags: Int32) throws(SQLiteFailure) -> OpaquePointer {
        var opened: OpaquePointer?
        let code = sqlite3_open_v2(path, &opened, flags, nil)
        guard code == SQLITE_OK, let opened else {
            let failure = SQLiteFailure(code: code, database: opened)
            sqlite3_close_v2(opened)
            throw failure
        }
        return opened
    }

    deinit {
        statements.removeAll()  // finalizes every statement before the handle closes
        sqlite3_close_v2(handle)
    }

    /// Runs one or more statements that take no parameters (schema, pragmas, transactions).
    package func execute(_ sql: String) throws(SQLiteFailure) {
        let code = sqlite3_exec(handle, sql, nil, nil, nil)
        guard code == SQLITE_OK else { throw SQLiteFailure(code: code, database: handle) }
    }

    /// Runs `body` with the cached prepared statement for `sql`, and resets the statement afterwards.
    package func withStatement<Result>(
        _ sql: String, _ body: (SQLiteStatement) throws(SQLiteFailure) -> Result
    ) throws(SQLiteFailure) -> Result {
        let statement = try prepared(sql)
        defer { statement.reset() }
        return try body(statement)
    }

    /// The first statement of `sql`, made for one use (not cached), or nil when `sql` holds
    /// only white space and comments; with the text after it, which SQLite did not read.
    ///
    /// - Throws: ``SQLiteFailure`` with SQLite's message and where in `sql` it stopped
    ///   (``SQLiteFailure/offset``).
    package func prepareOnce(_ sql: String) throws(SQLiteFailure) -> (statement: SQLiteStatement?, rest: String) {
        var prepared: OpaquePointer?
        var rest = ""
        let code = sql.withCString { text in
            var tail: UnsafePointer<CChar>?
            let code = sqlite3_prepare_v3(handle, text, -1, 0, &prepared, &tail)
            if let tail { rest = String(cString: tail) }
            return code
        }
        guard code == SQLITE_OK else {
            var failure = SQLiteFailure(code: code, database: handle)
            let offset = sqlite3_error_offset(handle)
            if offset >= 0 { failure.offset = Int(offset) }
            throw failure
        }
        return (prepared.map(SQLiteStatement.init(handle:)), rest)
    }

    /// Whether `sql` holds a statement, or text SQLite cannot read: anything but white space
    /// and comments (what follows a statement that ``prepareOnce(_:)`` read).
    package func holdsStatement(_ sql: String) -> Bool {
        guard let prepared = try? prepareOnce(sql) else { return true }
        return prepared.statement != nil
    }

    /// The first column of the first row of `sql` as an integer (0 when there is no row).
    package func integer(_ sql: String) throws(SQLiteFailure) -> Int64 {
        try withStatement(sql) { statement throws(SQLiteFailure) in
            try statement.step() ? statement.int64(at: 0) : 0
        }
    }

    /// The first column of the first row of `sql` as text ("" when there is no row).
    package func text(_ sql: String) throws(SQLiteFailure) -> String {
        try withStatement(sql) { statement throws(SQLiteFailure) in
            try statement.step() ? statement.text(at: 0) : ""
        }
    }

    /// Runs `body`, and runs it again while it fails with `SQLITE_BUSY`, for up to the busy timeout.
    ///
    /// SQLite's busy handler does not wait when waiting could deadlock (two connections both
    /// upgrading their locks); `body` must be safe to repeat, holding no lock when it fails.
    package func retryingWhileBusy<Result>(_ body: () throws(SQLiteFailure) -> Result) throws(SQLiteFailure) -> Result {
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

    /// Runs `body` in one transaction that takes the write lock at once: committed when
    /// `body` returns, rolled back when it throws, so the file has all of it or none.
    package func inTransaction<Result>(_ body: () throws(SQLiteFailure) -> Result) throws(SQLiteFailure) -> Result {
        try execute("BEGIN IMMEDIATE")
        do throws(SQLiteFailure) {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }

    /// Makes closing leave the file and its write-ahead log untouched (no checkpoint into it),
    /// for a database found damaged.
    package func disableCheckpointOnClose() {
        _ = shop_sqlite3_disable_checkpoint_on_close(handle)
    }

    /// What stops the connection's statements from another thread: the one running and every
    /// later one fail with `SQLITE_INTERRUPT`. Valid while the connection is; once asked for,
    /// the connection looks for an interruption while statements run.
    package var interrupter: Interrupter {
        if !watchesForInterruption {
            sqlite3_progress_handler(
                handle, Self.instructionsBetweenInterruptChecks, Self.stopWhenInterrupted,
                Unmanaged.passUnretained(interruption).toOpaque())
            watchesForInterruption = true
        }
        return Interrupter(handle: handle, interruption: interruption)
    }

    /// Stops a connection's statements, from any thread; use it only while the connection is
    /// open.
    ///
    /// `sqlite3_interrupt` alone stops only statements already running, so an interruption
    /// that comes before a statement starts would be lost: it is also kept in a flag that
    /// SQLite's progress handler looks at while any statement runs.
    package struct Interrupter: @unchecked Sendable {
        fileprivate let handle: OpaquePointer
        fileprivate let interruption: Interruption

        package func interrupt() {
            interruption.happened.store(true, ordering: .releasing)
            sqlite3_interrupt(handle)
        }

        /// Whether ``interrupt()`` was called.
        package var wasInterrupted: Bool {
            interruption.happened.load(ordering: .acquiring)
        }
    }

    /// Whether the connection was interrupted, for the progress handler.
    fileprivate final class Interruption: Sendable {
        let happened = Atomic(false)
    }

    /// Whether the progress handler that ends statements after an interruption is installed.
    private var watchesForInterruption = false
    private let interruption = Interruption()

    /// How many virtual machine instructions SQLite runs between two looks at ``Interruption``.
    private static let instructionsBetweenInterruptChecks: Int32 = 10_000

    private static let stopWhenInterrupted: @convention(c) (UnsafeMutableRawPointer?) -> Int32 = { context in
        guard let context else { return 0 }
        return Unmanaged<Interruption>.fromOpaque(context).takeUnretainedValue().happened.load(ordering: .acquiring)
            ? 1 : 0
    }

    /// Lets statements prepared from now on only read, until ``allowEverything()``: while
    /// they are prepared, anything but selecting, reading columns and calling functions (a
    /// write, `ATTACH`, a pragma) fails as `SQLITE_AUTH`, and every column read is noted in
    /// `reads`, which must live until then.
    package func allowOnlyReading(noting reads: ColumnReads) {
        sqlite3_set_authorizer(handle, Self.readingOnly, Unmanaged.passUnretained(reads).toOpaque())
    }

    /// Ends ``allowOnlyReading(noting:)``.
    package func allowEverything() {
        sqlite3_set_authorizer(handle, nil, nil)
    }

    /// The columns statements read, table by table, as the authorizer reports them while
    /// they are prepared.
    package final class ColumnReads {
        /// For each table (lowercased, as SQLite matches names), its columns read (lowercased).
        package private(set) var columns: [String: Set<String>] = [:]

        package init() {}

        fileprivate func note(table: String, column: String) {
            columns[table.lowercased(), default: []].insert(column.lowercased())
        }
    }

    private static let readingOnly:
        @convention(c) (
            UnsafeMutableRawPointer?, Int32, UnsafePointer<CChar>?, UnsafePointer<CChar>?, UnsafePointer<CChar>?,
            UnsafePointer<CChar>?
        ) -> Int32 = { context, action, table, column, _, _ in
            switch action {
            case SQLITE_READ:
                if let context, let table, let column {
                    Unmanaged<ColumnReads>.fromOpaque(context).takeUnretainedValue().note(
                        table: String(cString: table), column: String(cString: column))
                }
                return SQLITE_OK
            case SQLITE_SELECT, SQLITE_FUNCTION, SQLITE_RECURSIVE: return SQLITE_OK
            default: return SQLITE_DENY
            }
        }

    /// The id SQLite gave the row most recently inserted through this connection.
    package var lastInsertedRowID: Int64 { sqlite3_last_insert_rowid(handle) }

    /// How many rows the most recent INSERT, UPDATE or DELETE on this connection changed.
    package var changes: Int { Int(sqlite3_changes64(handle)) }

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
