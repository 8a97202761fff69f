import Foundation
import ShopRuntime
import ShopSQLite
import Testing

@testable import HistoryStore

/// A file that is not a usable shop history database, and what opening it must say.
struct BadDatabase: Sendable, CustomTestStringConvertible {
    var name: String
    /// Writes the file at the given path (which does not exist yet).
    var make: @Sendable (String) throws -> Void
    /// The error expected, given the path.
    var expected: @Sendable (String) -> HistoryError

    var testDescription: String { name }

    /// Creates a database with a raw connection and runs `sql` in it.
    static func sqlite(_ sql: String) -> @Sendable (String) throws -> Void {
        { path in
            try write(Data(), to: path)
            try SQLiteConnection(path: path, busyTimeoutMilliseconds: 1_000).execute(sql)
        }
    }

    static func unavailable(_ reason: String) -> @Sendable (String) -> HistoryError {
        { path in .unavailable(path: path, reason: reason) }
    }

    static let all: [BadDatabase] = [
        BadDatabase(
            name: "random bytes",
            make: { try write(Data(pseudoRandomBytes(count: 8_192, seed: 1)), to: $0) },
            expected: unavailable("it is not an SQLite database")),
        BadDatabase(
            name: "a short text file",
            make: { try write(Data("vars\n".utf8), to: $0) },
            expected: unavailable("it is not an SQLite database")),
        BadDatabase(
            name: "the SQLite header followed by random bytes",
            make: {
                let garbage = SQLiteConnection.fileHeader + pseudoRandomBytes(count: 8_192 - 16, seed: 2)
                try write(Data(garbage), to: $0)
            },
            expected: unavailable("file is not a database")),
        BadDatabase(
            name: "another program's database",
            make: sqlite("CREATE TABLE notes (body TEXT); INSERT INTO notes VALUES ('keep me');"),
            expected: unavailable("it is an SQLite database of another program")),
        BadDatabase(
            name: "another application id",
            make: sqlite("PRAGMA application_id = 42; CREATE TABLE history (x);"),
            expected: unavailable("it is not a shop history database (application id 42)")),
        BadDatabase(
            name: "a newer schema version",
            make: { path in
                _ = try SQLiteHistoryStore(path: path)
                try SQLiteConnection(path: path, busyTimeoutMilliseconds: 1_000).execute("PRAGMA user_version = 7")
            },
            expected: { path in .newerSchema(path: path, found: 7, supported: 1) }),
        BadDatabase(
            name: "a newer schema version without application id",
            make: sqlite("CREATE TABLE history (id INTEGER PRIMARY KEY); PRAGMA user_version = 2;"),
            expected: { path in .newerSchema(path: path, found: 2, supported: 1) }),
        BadDatabase(
            name: "a shop database whose history table is missing",
            make: sqlite("PRAGMA application_id = \(HistorySchema.applicationID); PRAGMA user_version = 1;"),
            expected: unavailable("its history table is missing")),
    ]
}

@Suite struct OpeningTests {
    @Test(arguments: BadDatabase.all)
    func aBadDatabaseThrowsAndIsLeftByteForByteUnchanged(_ bad: BadDatabase) throws {
        try withTemporaryFolder { folder in
            let path = folder.file("history.sqlite3")
            try bad.make(path)
            let before = try bytes(of: path)
            let filesBefore = try folder.contents()

            #expect(throws: bad.expected(path)) { try SQLiteHistoryStore(path: path) }

            #expect(try bytes(of: path) == before)
            #expect(try folder.contents() == filesBefore)
        }
    }

    @Test func aNewerSchemaErrorReadsAsOneClearLine() {
        let error = HistoryError.newerSchema(path: "/s/history.sqlite3", found: 7, supported: 1)
        #expect(
            error.description
                == "history database '/s/history.sqlite3' has schema version 7; this shop supports up to 1")
    }

    @Test func aZeroLengthFileBecomesANewDatabase() throws {
        try withTemporaryFolder { folder in
            let path = folder.file("history.sqlite3")
            try write(Data(), to: path)
            let store = try SQLiteHistoryStore(path: path)
            let id = try store.record(
                HistoryRecord(session: "s", startedAt: 1, text: "vars", duration: 0, status: .succeeded))
            #expect(try store.entry(id: id)?.text == "vars")
        }
    }

    @Test func missingFoldersAreCreatedPrivately() throws {
        try withTemporaryFolder { folder in
            let path = folder.file("state/deeper/shop/history.sqlite3")
            _ = try SQLiteHistoryStore(path: path)
            let folderMode = try FileManager.default.attributesOfItem(atPath: folder.file("state/deeper/shop"))[
                .posixPermissions]
            let fileMode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions]
            #expect(folderMode as? Int == 0o700)
            #expect(fileMode as? Int == 0o600)
        }
    }

    @Test func aFileInPlaceOfTheFolderThrowsAClearError() throws {
        try withTemporaryFolder { folder in
            try write(Data("x".utf8), to: folder.file("state"))
            let path = folder.file("state/shop/history.sqlite3")
            #expect(throws: HistoryError.unavailable(path: path, reason: "'\(folder.file("state"))' is not a folder")) {
                try SQLiteHistoryStore(path: path)
            }
        }
    }

    @Test func aFolderInPlaceOfTheFileThrowsAClearError() throws {
        try withTemporaryFolder { folder in
            let path = folder.file("history.sqlite3")
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
            #expect(throws: HistoryError.unavailable(path: path, reason: "it is not a regular file")) {
                try SQLiteHistoryStore(path: path)
            }
        }
    }

    @Test func aReadOnlyFolderWithoutADatabaseThrowsAClearError() throws {
        try withTemporaryFolder { folder in
            let state = folder.file("state")
            try FileManager.default.createDirectory(
                atPath: state, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o555])
            let path = state + "/history.sqlite3"
            withUnprivilegedFileAccess {
                #expect(
                    throws: HistoryError.unavailable(
                        path: path, reason: "its folder '\(state)' is not writable (Permission denied)")
                ) { try SQLiteHistoryStore(path: path) }
            }
            #expect(try FileManager.default.contentsOfDirectory(atPath: state) == [])
        }
    }

    @Test func aReadOnlyFolderWithADatabaseThrowsAndLeavesTheFileUnchanged() throws {
        try withTemporaryFolder { folder in
            let state = folder.file("state")
            let path = state + "/history.sqlite3"
            do {
                let store = try SQLiteHistoryStore(path: path)
                _ = try store.record(
                    HistoryRecord(session: "s", startedAt: 1, text: "vars", duration: 0, status: .succeeded))
            }
            try FileManager.default.setAttributes([.posixPermissions: 0o666], ofItemAtPath: path)
            try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: state)
            let before = try bytes(of: path)
            withUnprivilegedFileAccess {
                #expect(
                    throws: HistoryError.unavailable(
                        path: path, reason: "its folder '\(state)' is not writable (Permission denied)")
                ) { try SQLiteHistoryStore(path: path) }
            }
            #expect(try bytes(of: path) == before)
            #expect(try FileManager.default.contentsOfDirectory(atPath: state) == ["history.sqlite3"])
        }
    }

    @Test func aReadOnlyDatabaseFileThrowsAndIsLeftUnchanged() throws {
        try withTemporaryFolder { folder in
            let path = folder.file("history.sqlite3")
            _ = try SQLiteHistoryStore(path: path)
            try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: path)
            try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: folder.path)
            let before = try bytes(of: path)
            withUnprivilegedFileAccess {
                #expect(
                    throws: HistoryError.unavailable(
                        path: path, reason: "the file is not readable and writable (Permission denied)")
                ) { try SQLiteHistoryStore(path: path) }
            }
            #expect(try bytes(of: path) == before)
        }
    }

    @Test(arguments: [
        ("/tmp/s", "/tmp/s/history.sqlite3"), ("/tmp/s/", "/tmp/s/history.sqlite3"), ("s", "s/history.sqlite3"),
    ])
    func aStateDirectoryHoldsHistoryDotSqlite3(directory: String, expected: String) {
        #expect(SQLiteHistoryStore.path(stateDirectory: directory) == expected)
    }
}
