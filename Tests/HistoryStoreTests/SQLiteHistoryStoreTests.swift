import Foundation
import ShopKit
import Testing

@testable import HistoryStore

@Suite struct SQLiteHistoryStoreTests {
    /// Records `texts` in order, alternating sessions as given, and returns the ids.
    @discardableResult
    private func record(
        _ rows: [(session: String, text: String)], in store: SQLiteHistoryStore
    ) throws -> [Int64] {
        try rows.enumerated().map { index, row in
            try store.record(
                HistoryRecord(
                    session: row.session, startedAt: 1_000 + Double(index), text: row.text, duration: 0.5,
                    status: .succeeded))
        }
    }

    @Test func everyFieldSurvivesARoundTrip() throws {
        try withTemporaryFolder { folder in
            let store = try SQLiteHistoryStore(path: folder.file("history.sqlite3"))
            let records = [
                HistoryRecord(
                    session: "session-ä-1", startedAt: 1_768_471_200.123456, text: "services select 2",
                    duration: 0.000123, status: .succeeded),
                HistoryRecord(
                    session: "s2", startedAt: -1.5, text: "echo \"q\" 'x' 👩‍👩‍👧 \\ ; # tab\there",
                    duration: 12.75, status: .failed),
                HistoryRecord(session: "s2", startedAt: 0, text: "", duration: 0, status: .interrupted),
                HistoryRecord(session: "", startedAt: 1e12, text: "nul\u{0}inside\nline", duration: 1e-9, status: .succeeded),
            ]
            for record in records {
                let id = try store.record(record)
                let expected = HistoryEntry(
                    id: id, session: record.session, startedAt: record.startedAt, text: record.text,
                    duration: record.duration, status: record.status)
                #expect(try store.entry(id: id) == expected)
            }
            #expect(try store.entries(in: .all, matching: nil, limit: nil).map(\.text) == records.map(\.text))
            #expect(try store.entry(id: 999) == nil)
        }
    }

    @Test func idsIncreaseAndAreNotReusedAfterForgettingTheNewest() throws {
        try withTemporaryFolder { folder in
            let store = try SQLiteHistoryStore(path: folder.file("history.sqlite3"))
            let ids = try record((0..<50).map { ("s", "command \($0)") }, in: store)
            #expect(ids == Array(ids.sorted()) && Set(ids).count == ids.count)
            #expect(try store.forget(id: ids[49]) == 1)
            let next = try record([("s", "after forgetting")], in: store)
            #expect(next[0] > ids[49])
        }
    }

    @Test func scopesSelectSessionsAndKeepTheNewestRowsOldestFirst() throws {
        try withTemporaryFolder { folder in
            let store = try SQLiteHistoryStore(path: folder.file("history.sqlite3"))
            let ids = try record(
                [("a", "a1"), ("b", "b1"), ("a", "a2"), ("c", "c1"), ("b", "b2"), ("a", "a3")], in: store)
            func texts(_ scope: HistoryScope, limit: Int? = nil) throws -> [String] {
                try store.entries(in: scope, matching: nil, limit: limit).map(\.text)
            }
            #expect(try texts(.session("a")) == ["a1", "a2", "a3"])
            #expect(try texts(.session("a"), limit: 2) == ["a2", "a3"])
            #expect(try texts(.session("zzz")) == [])
            #expect(try texts(.all) == ["a1", "b1", "a2", "c1", "b2", "a3"])
            #expect(try texts(.all, limit: 4) == ["a2", "c1", "b2", "a3"])
            #expect(try texts(.all, limit: 100).count == 6)
            #expect(try texts(.all, limit: 0) == [])
            #expect(try texts(.all, limit: -3) == [])
            #expect(try texts(.allExcept("a")) == ["b1", "c1", "b2"])
            #expect(try texts(.allExcept("a"), limit: 2) == ["c1", "b2"])
            #expect(try store.entries(in: .all, matching: nil, limit: nil).map(\.id) == ids)
        }
    }

    @Test(arguments: [
        ("%", ["100% sure"]),
        ("_", ["a_b"]),
        ("100%", ["100% sure"]),
        ("a_b", ["a_b"]),
        ("\\", ["back\\slash"]),
        ("'", ["it's"]),
        ("100", ["100% sure", "100 percent"]),
        ("Sure", []),
        ("", ["100% sure", "100 percent", "a_b", "axb", "back\\slash", "it's"]),
    ])
    func grepMatchesSubstringsLiterally(pattern: String, expected: [String]) throws {
        try withTemporaryFolder { folder in
            let store = try SQLiteHistoryStore(path: folder.file("history.sqlite3"))
            try record(
                ["100% sure", "100 percent", "a_b", "axb", "back\\slash", "it's"].map { ("s", $0) }, in: store)
            #expect(try store.entries(in: .all, matching: pattern, limit: nil).map(\.text) == expected)
            #expect(try store.entries(in: .session("s"), matching: pattern, limit: nil).map(\.text) == expected)
            #expect(try store.entries(in: .allExcept("s"), matching: pattern, limit: nil) == [])
        }
    }

    @Test func grepCombinesWithScopeAndLimit() throws {
        try withTemporaryFolder { folder in
            let store = try SQLiteHistoryStore(path: folder.file("history.sqlite3"))
            try record(
                [("a", "services list"), ("b", "services select 1"), ("a", "feed open 2"), ("a", "services clear")],
                in: store)
            #expect(
                try store.entries(in: .session("a"), matching: "services", limit: nil).map(\.text)
                    == ["services list", "services clear"])
            #expect(
                try store.entries(in: .allExcept("a"), matching: "services", limit: nil).map(\.text)
                    == ["services select 1"])
            #expect(
                try store.entries(in: .all, matching: "services", limit: 2).map(\.text)
                    == ["services select 1", "services clear"])
        }
    }

    @Test func forgetDeletesByIdAndBySubstring() throws {
        try withTemporaryFolder { folder in
            let store = try SQLiteHistoryStore(path: folder.file("history.sqlite3"))
            let ids = try record(
                [("a", "set token s3cret"), ("b", "echo s3cret"), ("a", "vars"), ("b", "help 50%")], in: store)
            #expect(try store.forget(id: ids[2]) == 1)
            #expect(try store.forget(id: ids[2]) == 0)
            #expect(try store.entry(id: ids[2]) == nil)
            #expect(try store.forget(matching: "s3cret") == 2)
            #expect(try store.forget(matching: "%") == 1)
            #expect(try store.forget(matching: "nothing like this") == 0)
            #expect(try store.entries(in: .all, matching: nil, limit: nil) == [])
        }
    }

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
                try store.record(HistoryRecord(session: "a", startedAt: 0, text: "two", duration: 0, status: .succeeded))
            }
            #expect(throws: HistoryError.self) { try store.entries(in: .all, matching: nil, limit: nil) }
            #expect(throws: HistoryError.self) { try store.forget(matching: "one") }
        }
    }
}
