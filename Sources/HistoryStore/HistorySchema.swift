import ShopLanguage
import ShopSQLite

/// The layout of a history database, and how an opened file is recognised and set up.
///
/// A shop history database carries `PRAGMA application_id` = ``applicationID`` and
/// `PRAGMA user_version` = its schema version. Version 1:
///
/// ```sql
/// CREATE TABLE history (
///     id         INTEGER PRIMARY KEY AUTOINCREMENT,  -- `history` numbers, `!N`; never reused
///     session    TEXT NOT NULL,
///     started_at REAL NOT NULL,                      -- seconds since 1970
///     text       TEXT NOT NULL,
///     duration   REAL NOT NULL,                      -- seconds
///     status     TEXT NOT NULL                       -- 'ok' | 'error' | 'interrupted'
/// );
/// CREATE INDEX history_by_session ON history (session, id);
/// ```
enum HistorySchema {
    /// The schema version this build reads and writes.
    static let version: Int64 = 1

    /// `PRAGMA application_id` of a shop history database: "Shop" in ASCII.
    static let applicationID: Int64 = 0x5368_6F70

    /// The statements that create version 1, run in one transaction with the pragmas.
    static let creation = """
        CREATE TABLE history (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            session TEXT NOT NULL,
            started_at REAL NOT NULL,
            text TEXT NOT NULL,
            duration REAL NOT NULL,
            status TEXT NOT NULL
        );
        CREATE INDEX history_by_session ON history (session, id);
        PRAGMA application_id = \(applicationID);
        PRAGMA user_version = \(version);
        """

    /// What an opened file holds, as far as this build is concerned.
    enum Condition: Equatable {
        /// No tables and no version: a new database, ready to be given the schema.
        case empty
        /// A shop history database of ``HistorySchema/version``.
        case current
        /// A shop history database written by a newer build.
        case newer(Int64)
        /// Anything else; `reason` says what in a few words.
        case foreign(reason: String)
    }

    /// Reads the header fields and the table list in one read transaction; writes nothing.
    static func inspect(_ connection: SQLiteConnection) throws(SQLiteFailure) -> Condition {
        try connection.withStatement(
            """
            SELECT (SELECT application_id FROM pragma_application_id),
                   (SELECT user_version FROM pragma_user_version),
                   (SELECT count(*) FROM sqlite_schema),
                   (SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name = 'history')
            """
        ) { statement throws(SQLiteFailure) in
            _ = try statement.step()
            return condition(
                applicationID: statement.int64(at: 0), version: statement.int64(at: 1),
                objectCount: statement.int64(at: 2), hasHistoryTable: statement.int64(at: 3) > 0)
        }
    }

    /// Classifies a database by its header fields and tables.
    static func condition(
        applicationID: Int64, version: Int64, objectCount: Int64, hasHistoryTable: Bool
    ) -> Condition {
        let ours = applicationID == Self.applicationID
        if !ours && applicationID != 0 {
            return .foreign(reason: "it is not a shop history database (application id \(applicationID))")
        }
        if version > Self.version && (ours || hasHistoryTable) {
            return .newer(version)
        }
        if ours && version == Self.version {
            return hasHistoryTable ? .current : .foreign(reason: "its history table is missing")
        }
        if !ours && version == 0 && objectCount == 0 {
            return .empty
        }
        if ours {
            // Version 1 is the first; an older version, once there is one, is migrated here.
            return .foreign(reason: "it has unknown schema version \(version)")
        }
        return .foreign(reason: "it is an SQLite database of another program")
    }
}
