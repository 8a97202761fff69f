import CSQLite
import ShopLanguage
import ShopRuntime
import ShopSQLite
import Synchronization

/// Session history in an SQLite database file shared by every `shop` process of a user.
///
/// One row per command; each ``record(_:)`` is its own transaction in WAL mode, so a command is
/// on disk (in the write-ahead log) as soon as `record` returns and survives the process being
/// killed. Separate processes and separate instances on the same file may write at the same
/// time: SQLite serialises writers, and a writer waits up to the busy timeout for its turn.
///
/// Opening never damages a file it does not recognise: a file that is not an SQLite database,
/// a database of another program, or one written by a newer `shop` makes the initializer throw,
/// and the file is left exactly as it was. The caller then warns once and falls back to
/// ``InMemoryHistoryStore``.
///
/// Every call first checks that the path still names the file it opened, and that the file
/// still starts as an SQLite database: a file removed (or replaced) while open is opened again
/// at the same path — created anew if need be — and the call throws
/// ``HistoryError/replaced(path:)`` with nothing done, so the caller can write again what the
/// old file held of its own; a file overwritten by something else is given up at once without
/// being touched. A write lock held by another process past the busy timeout throws
/// ``HistoryError/locked(path:)``, and the next call simply tries again.
///
/// ```swift
///
/// ```swift
/// let history: any HistoryStoring
/// do {
///     history = try SQLiteHistoryStore(path: SQLiteHistoryStore.path(stateDirectory: folder))
/// } catch {
///     warn("\(error); history is kept in memory for this session")
///     history = InMemoryHistoryStore()
/// }
/// ```
public final class SQLiteHistoryStore: HistoryStoring {
    /// The database file.
    public let path: String

    /// The one connection of this instance and the file it has open; every call takes the
    /// lock for its whole duration.
    private let connection: Mutex<OpenFile>
    private let busyTimeout: Duration
    /// Why the file was given up, once it was found damaged while in use.
    private let damage = Mutex<String?>(nil)

    /// Opens the history database at `path`, creating missing folders and a new database as needed.
    ///
    /// - Parameters:
    ///   - path: The database file, e.g. from ``path(stateDirectory:)``.
    ///   - busyTimeout: How long a call waits while another process holds the write lock.
    /// - Throws: ``HistoryError/unavailable(path:reason:)`` when the folder or file cannot be used
    ///   or is not a shop history database; ``HistoryError/newerSchema(path:found:supported:)``
    ///   when a newer `shop` wrote it. The file is unchanged in both cases.
    public init(path: String, busyTimeout: Duration = .seconds(5)) throws(HistoryError) {
        self.path = path
        self.busyTimeout = busyTimeout
        self.connection = Mutex(try Self.open(path, busyTimeout: busyTimeout))
    }

    /// The connection to a database file and which file it is.
    private struct OpenFile {
        var connection: SQLiteConnection
        var identity: DatabaseFile.Identity
    }

    /// Prepares the file at `path` (creating it when missing), opens it and sets it up.
    private static func open(_ path: String, busyTimeout: Duration) throws(HistoryError) -> OpenFile {
        try DatabaseFile.prepare(path: path)
        let opened: SQLiteConnection
        do {
            opened = try SQLiteConnection(path: path, busyTimeoutMilliseconds: Self.milliseconds(busyTimeout))
        } catch {
            throw .unavailable(path: path, reason: error.message)
        }
        try Self.setUp(opened, path: path)
        guard let identity = DatabaseFile.identity(of: path) else {
            opened.disableCheckpointOnClose()
            throw .unavailable(path: path, reason: "the file was removed while it was opened")
        }
        return OpenFile(connection: opened, identity: identity)
    }

    // MARK: HistoryStoring

    public func record(_ record: HistoryRecord) throws(HistoryError) -> Int64 {
        try withConnection("cannot record the command") { connection throws(SQLiteFailure) in
            try connection.withStatement(
                "INSERT INTO history (session, started_at, text, duration, status) VALUES (?1, ?2, ?3, ?4, ?5)"
            ) { statement throws(SQLiteFailure) in
                try statement.bind(record.session, at: 1)
                try statement.bind(record.startedAt, at: 2)
                try statement.bind(record.text, at: 3)
                try statement.bind(record.duration, at: 4)
                try statement.bind(record.status.rawValue, at: 5)
                try statement.run()
            }
            return connection.lastInsertedRowID
        }
    }

    public func entries(in scope: HistoryScope, matching text: String?, limit: Int?) throws(HistoryError)
        -> [HistoryEntry]
    {
        let (filter, session): (String, String?) =
            switch scope {
            case .session(let session): ("session = ?1 AND", session)
            case .all: ("", nil)
            case .allExcept(let session): ("session <> ?1 AND", session)
            }
        // Newest first so that LIMIT keeps the newest rows; reversed below to oldest first.
        let sql = """
            SELECT id, session, started_at, text, duration, status FROM history
            WHERE \(filter) (?2 IS NULL OR instr(text, ?2) > 0)
            ORDER BY id DESC LIMIT ?3
            """
        let newestFirst = try withConnection("cannot read the history") { connection throws(SQLiteFailure) in
            try connection.withStatement(sql) { statement throws(SQLiteFailure) in
                if let session { try statement.bind(session, at: 1) }
                try statement.bind(text, at: 2)
                try statement.bind(limit.map { Int64(max(0, $0)) } ?? -1, at: 3)  // -1: no limit
                var rows: [Row] = []
                while try statement.step() { rows.append(Row(statement)) }
                return rows
            }
        }
        return try newestFirst.reversed().map { row throws(HistoryError) in try row.entry() }
    }

    public func entry(id: Int64) throws(HistoryError) -> HistoryEntry? {
        let row = try withConnection("cannot read the history") { connection throws(SQLiteFailure) in
            try connection.withStatement(
                "SELECT id, session, started_at, text, duration, status FROM history WHERE id = ?1"
            ) { statement throws(SQLiteFailure) in
                try statement.bind(id, at: 1)
                return try statement.step() ? Row(statement) : nil
            }
        }
        return try row?.entry()
    }

    public func forget(id: Int64) throws(HistoryError) -> Int {
        try delete("DELETE FROM history WHERE id = ?1") { statement throws(SQLiteFailure) in
            try statement.bind(id, at: 1)
        }
    }

    public func forget(matching text: String) throws(HistoryError) -> Int {
        try delete("DELETE FROM history WHERE instr(text, ?1) > 0") { statement throws(SQLiteFailure) in
            try statement.bind(text, at: 1)
        }
    }

    // MARK: Helpers

    /// Runs `body` on the connection under the lock, once the file is checked (see
    /// ``checkFile(_:)``); an SQLite failure becomes ``HistoryError/failed(reason:)`` starting
    /// with `action`, and a lock held past the busy timeout ``HistoryError/locked(path:)``.
    ///
    /// A file found damaged while in use (overwritten by something else: `SQLITE_CORRUPT`,
    /// `SQLITE_NOTADB`) is given up: every later call fails at once with
    /// ``HistoryError/unavailable(path:reason:)``, and closing neither checkpoints into the file
    /// nor removes its write-ahead log, so what is left of it stays as it was.
    private func withConnection<Result: Sendable>(
        _ action: String, _ body: (SQLiteConnection) throws(SQLiteFailure) -> Result
    ) throws(HistoryError) -> Result {
        try connection.withLock { open throws(HistoryError) -> Result in
            if let damage = damage.withLock({ $0 }) { throw .unavailable(path: path, reason: damage) }
            try checkFile(&open)
            do throws(SQLiteFailure) {
                return try body(open.connection)
            } catch {
                if error.primaryCode == SQLITE_BUSY { throw .locked(path: path) }
                guard [SQLITE_CORRUPT, SQLITE_NOTADB].contains(error.primaryCode) else {
                    throw .failed(reason: "\(action): \(error.message)")
                }
                throw giveUp(open.connection, because: error.message)
            }
        }
    }

    /// Checks that the path still names the open file and that it still starts as an SQLite
    /// database. A file removed or replaced is let go (without a checkpoint, which would write
    /// into it, or removing its write-ahead log by name, which may be a new file's now), the
    /// path opened again, and ``HistoryError/replaced(path:)`` thrown; a file overwritten with
    /// something else is given up.
    private func checkFile(_ open: inout OpenFile) throws(HistoryError) {
        guard DatabaseFile.identity(of: path) == open.identity else {
            open.connection.disableCheckpointOnClose()
            open = try Self.open(path, busyTimeout: busyTimeout)
            throw .replaced(path: path)
        }
        guard DatabaseFile.startsAsDatabase(path) else {
            throw giveUp(open.connection, because: "the file was overwritten and is no longer an SQLite database")
        }
    }

    /// Gives up a damaged file for good, leaving it as it is; the error every later call throws.
    private func giveUp(_ connection: SQLiteConnection, because reason: String) -> HistoryError {
        connection.disableCheckpointOnClose()
        damage.withLock { $0 = reason }
        return .unavailable(path: path, reason: reason)
    }

    /// Runs a DELETE and returns how many rows went. Forgotten text is overwritten in the file
    /// (`secure_delete`), and the write-ahead log is then emptied when no other process is reading
    /// it, so that a forgotten secret does not linger on disk.
    private func delete(
        _ sql: String, bind: (SQLiteStatement) throws(SQLiteFailure) -> Void
    ) throws(HistoryError) -> Int {
        try withConnection("cannot forget") { connection throws(SQLiteFailure) in
            try connection.withStatement(sql) { statement throws(SQLiteFailure) in
                try bind(statement)
                try statement.run()
            }
            let deleted = connection.changes
            if deleted > 0 {
                _ = try? connection.integer("PRAGMA wal_checkpoint(TRUNCATE)")
            }
            return deleted
        }
    }

    /// Recognises the opened file, gives a new one the schema, then sets WAL mode and the
    /// connection's pragmas. Nothing is written before the file is known to be ours or empty.
    private static func setUp(_ connection: SQLiteConnection, path: String) throws(HistoryError) {
        let condition: HistorySchema.Condition
        do throws(SQLiteFailure) {
            condition = try connection.retryingWhileBusy { () throws(SQLiteFailure) in
                try createSchemaIfEmpty(connection)
            }
        } catch {
            throw .unavailable(path: path, reason: error.message)
        }
        switch condition {
        case .current:
            break
        case .newer(let found):
            throw .newerSchema(path: path, found: Int(found), supported: Int(HistorySchema.version))
        case .foreign(let reason):
            throw .unavailable(path: path, reason: reason)
        case .empty:
            throw .unavailable(path: path, reason: "its schema could not be created")
        }
        do throws(SQLiteFailure) {
            // Switching a new file to WAL takes an exclusive lock, which other processes opening
            // the same new file at the same moment may hold off without SQLite waiting.
            _ = try connection.retryingWhileBusy { () throws(SQLiteFailure) in
                try connection.text("PRAGMA journal_mode = WAL")
            }
            try connection.execute("PRAGMA synchronous = NORMAL; PRAGMA secure_delete = ON")
        } catch {
            throw .unavailable(path: path, reason: error.message)
        }
    }

    /// Inspects the file and, when it is empty, creates the schema in one transaction;
    /// returns the file's condition afterwards.
    private static func createSchemaIfEmpty(_ connection: SQLiteConnection) throws(SQLiteFailure)
        -> HistorySchema.Condition
    {
        let found = try HistorySchema.inspect(connection)
        guard found == .empty else { return found }
        try connection.execute("BEGIN IMMEDIATE")
        do throws(SQLiteFailure) {
            // Another process may have created the schema while this one waited for the lock.
            var condition = try HistorySchema.inspect(connection)
            if condition == .empty {
                try connection.execute(HistorySchema.creation)
                condition = .current
            }
            try connection.execute("COMMIT")
            return condition
        } catch {
            try? connection.execute("ROLLBACK")
            throw error
        }
    }

    /// `duration` in whole milliseconds, clamped to what SQLite accepts.
    private static func milliseconds(_ duration: Duration) -> Int32 {
        Int32(min(max(0, duration / .milliseconds(1)), Double(Int32.max)))
    }
}
