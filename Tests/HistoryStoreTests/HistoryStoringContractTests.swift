import ShopRuntime
import Testing

/// The behaviour every ``HistoryStoring`` shares, checked on the SQLite store and on the runtime's
/// in-memory store alike, so that falling back to memory changes nothing a user can see.
@Suite struct HistoryStoringContractTests {
    @Test(arguments: StoreKind.allCases)
    func everyFieldSurvivesARoundTrip(_ kind: StoreKind) throws {
        try withTemporaryFolder { folder in
            let store = try kind.make(in: folder)
            let records = [
                HistoryRecord(
                    session: "session-ä-1", startedAt: 1_768_471_200.123456, text: "services select 2",
                    duration: 0.000123, status: .succeeded),
                HistoryRecord(
                    session: "s2", startedAt: -1.5, text: "echo \"q\" 'x' 👩‍👩‍👧 \\ ; # tab\there",
                    duration: 12.75, status: .failed),
                HistoryRecord(session: "s2", startedAt: 0, text: "", duration: 0, status: .interrupted),
                HistoryRecord(
                    session: "", startedAt: 1e12, text: "nul\u{0}inside\nline", duration: 1e-9, status: .succeeded),
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

    @Test(arguments: StoreKind.allCases)
    func idsIncreaseAndAreNotReusedAfterForgettingTheNewest(_ kind: StoreKind) throws {
        try withTemporaryFolder { folder in
            let store = try kind.make(in: folder)
            let ids = try record((0..<50).map { ("s", "command \($0)") }, in: store)
            #expect(ids == Array(ids.sorted()) && Set(ids).count == ids.count)
            #expect(try store.forget(id: ids[49]) == 1)
            let next = try record([("s", "after forgetting")], in: store)
            #expect(next[0] > ids[49])
        }
    }

    @Test(arguments: StoreKind.allCases)
    func scopesSelectSessionsAndKeepTheNewestRowsOldestFirst(_ kind: StoreKind) throws {
        try withTemporaryFolder { folder in
            let store = try kind.make(in: folder)
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

    @Test(
        arguments: StoreKind.allCases,
        [
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
    func grepMatchesSubstringsLiterally(_ kind: StoreKind, _ example: (pattern: String, expected: [String])) throws {
        let (pattern, expected) = example
        try withTemporaryFolder { folder in
            let store = try kind.make(in: folder)
            try record(
                ["100% sure", "100 percent", "a_b", "axb", "back\\slash", "it's"].map { ("s", $0) }, in: store)
            #expect(try store.entries(in: .all, matching: pattern, limit: nil).map(\.text) == expected)
            #expect(try store.entries(in: .session("s"), matching: pattern, limit: nil).map(\.text) == expected)
            #expect(try store.entries(in: .allExcept("s"), matching: pattern, limit: nil) == [])
        }
    }

    @Test(arguments: StoreKind.allCases)
    func grepCombinesWithScopeAndLimit(_ kind: StoreKind) throws {
        try withTemporaryFolder { folder in
            let store = try kind.make(in: folder)
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

    @Test(arguments: StoreKind.allCases)
    func forgetDeletesByIdAndBySubstring(_ kind: StoreKind) throws {
        try withTemporaryFolder { folder in
            let store = try kind.make(in: folder)
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
}
