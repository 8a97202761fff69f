import Foundation
import ShopRuntime
import ShopSQLite
import Testing

@testable import HistoryStore

@Suite struct SQLiteHistoryStoreTests {
    @Test func forgottenTextIsGoneFromTheFiles() throws {
        try withTemporaryFolder { folder in
            let path = folder.file("history.sqlite3")
            let store = try SQLiteHistoryStore(path: path)
            try record([("a", "set password hunter2-XYZZY"), ("a", "vars")], in: store)
            #expect(try store.forget(matching: "hunter2") == 1)
            let secret = Data("hunter2-XYZZY".utf8)
            for name in try folder.contents() {
                #expect(try bytes(of: folder.file(name)).range(of: secret) == nil, "found in \(name)")
            }
        }
    }

    @Test func aFileDamagedWhileOpenIsGivenUpAndLeftAsItWas() throws {
        try withTemporaryFolder { folder in
            let path = folder.file("history.sqlite3")
            var damaged: [String: Data] = [:]
            do {
                let store = try SQLiteHistoryStore(path: path)
                try record([("a", "one"), ("a", "two")], in: store)
                for suffix in ["", "-wal", "-shm"] {
                    let size = try bytes(of: path + suffix).count
                    damaged[suffix] = Data((0..<size).map { _ in UInt8.random(in: 0...255) })
                    let handle = try #require(FileHandle(forWritingAtPath: path + suffix))
                    try handle.write(contentsOf: try #require(damaged[suffix]))
                    try handle.close()
                }
                #expect(throws: HistoryError.self) { try record([("a", "three")], in: store) }
                // Given up: later calls fail at once, naming the file.
                #expect {
                    _ = try store.entries(in: .all, matching: nil, limit: nil)
                } throws: { error in
                    (error as? HistoryError).map { "\($0)".hasPrefix("history database '\(path)' is unusable") }
                        ?? false
                }
            }
            // Closing checkpointed nothing into the file and kept its log.
            #expect(try bytes(of: path) == damaged[""])
            #expect(try bytes(of: path + "-wal") == damaged["-wal"])
        }
    }

    @Test func reopeningKeepsEveryRow() throws {
        try withTemporaryFolder { folder in
            let path = folder.file("history.sqlite3")
            var expected: [HistoryEntry] = []
            do {
                let store = try SQLiteHistoryStore(path: path)
                try record([("a", "one"), ("b", "two"), ("a", "three")], in: store)
                expected = try store.entries(in: .all, matching: nil, limit: nil)
            }
            let reopened = try SQLiteHistoryStore(path: path)
            #expect(try reopened.entries(in: .all, matching: nil, limit: nil) == expected)
            #expect(expected.count == 3)
        }
    }

    @Test func recordedRowsSurviveTheProcessDyingWithTheStoreOpen() throws {
        // What a killed process leaves behind is the database and its write-ahead log as they
        // are while the store is open (the shared-memory index is rebuilt): copy exactly that.
        try withTemporaryFolder { folder in
            let live = try TemporaryFolder()
            defer { live.remove() }
            let store = try SQLiteHistoryStore(path: live.file("history.sqlite3"))
            try record([("a", "one"), ("a", "two"), ("b", "three")], in: store)
            for name in try live.contents() where !name.hasSuffix("-shm") {
                try FileManager.default.copyItem(atPath: live.file(name), toPath: folder.file(name))
            }
            let survivor = try SQLiteHistoryStore(path: folder.file("history.sqlite3"))
            #expect(try survivor.entries(in: .all, matching: nil, limit: nil).map(\.text) == ["one", "two", "three"])
            withExtendedLifetime(store) {}
        }
    }

    @Test func theNewestThousandOfOtherSessionsComeOldestFirst() throws {
        try withTemporaryFolder { folder in
            let store = try SQLiteHistoryStore(path: folder.file("history.sqlite3"))
            try record((0..<1_500).map { ($0 % 3 == 0 ? "me" : "other", "command \($0)") }, in: store)
            let recalled = try store.entries(in: .allExcept("me"), matching: nil, limit: 1_000)
            #expect(recalled.count == 1_000)
            #expect(recalled.allSatisfy { $0.session == "other" })
            #expect(recalled.last?.text == "command 1499")
            #expect(zip(recalled, recalled.dropFirst()).allSatisfy { $0.id < $1.id })
        }
    }

    @Test func aStatementFailingOnAnOpenStoreThrowsHistoryError() throws {
        try withTemporaryFolder { folder in
            let path = folder.file("history.sqlite3")
            let store = try SQLiteHistoryStore(path: path)
            try record([("a", "one")], in: store)
            let other = try SQLiteConnection(path: path, busyTimeoutMilliseconds: 1_000)
            try other.execute("DROP TABLE history")
            #expect(throws: HistoryError.failed(reason: "cannot record the command: no such table: history")) {
                try store.record(
                    HistoryRecord(session: "a", startedAt: 0, text: "two", duration: 0, status: .succeeded))
            }
            #expect(throws: HistoryError.self) { try store.entries(in: .all, matching: nil, limit: nil) }
            #expect(throws: HistoryError.self) { try store.forget(matching: "one") }
        }
    }

    private func typed(_ text: String) -> HistoryRecord {
        HistoryRecord(session: "a", startedAt: 0, text: text, duration: 0, status: .succeeded)
    }

    @Test func aFileRemovedWhileOpenIsMadeAgainAndTheCallSaysSo() throws {
        try withTemporaryFolder { folder in
            let path = folder.file("history.sqlite3")
            let store = try SQLiteHistoryStore(path: path)
            try record([("a", "one")], in: store)
            for suffix in ["", "-wal", "-shm"] { unlink(path + suffix) }
            #expect(throws: HistoryError.replaced(path: path)) { try store.record(typed("two")) }
            #expect(FileManager.default.fileExists(atPath: path))
            _ = try store.record(typed("three"))
            #expect(try store.entries(in: .all, matching: nil, limit: nil).map(\.text) == ["three"])
            #expect(try SQLiteHistoryStore(path: path).entries(in: .all, matching: nil, limit: nil).count == 1)
        }
    }

    @Test func aFileOverwrittenWhileOpenIsGivenUpAtOnceAndNeverTouched() throws {
        try withTemporaryFolder { folder in
            let path = folder.file("history.sqlite3")
            let garbage: Data
            do {
                let store = try SQLiteHistoryStore(path: path)
                try record([("a", "one"), ("a", "two")], in: store)
                // Only the database: its pages in the write-ahead log and SQLite's cache would
                // hide the damage from SQLite itself until the log is written back into it.
                garbage = Data(repeating: 0x41, count: try bytes(of: path).count)
                let handle = try #require(FileHandle(forWritingAtPath: path))
                try handle.write(contentsOf: garbage)
                try handle.close()
                #expect(throws: HistoryError.self) { try store.record(typed("three")) }
                #expect(throws: HistoryError.self) { try store.entries(in: .all, matching: nil, limit: nil) }
            }
            #expect(try bytes(of: path) == garbage)
            #expect(try folder.contents().contains("history.sqlite3-wal"), "the log is left as it was")
        }
    }

    @Test func aLockHeldPastTheBusyTimeoutIsReportedAndALaterWriteSucceeds() throws {
        try withTemporaryFolder { folder in
            let path = folder.file("history.sqlite3")
            let store = try SQLiteHistoryStore(path: path, busyTimeout: .milliseconds(50))
            let other = try SQLiteConnection(path: path, busyTimeoutMilliseconds: 1_000)
            try other.execute("BEGIN IMMEDIATE")
            #expect(throws: HistoryError.locked(path: path)) { try store.record(typed("one")) }
            try other.execute("COMMIT")
            _ = try store.record(typed("two"))
            #expect(try store.entries(in: .all, matching: nil, limit: nil).map(\.text) == ["two"])
        }
    }
}
