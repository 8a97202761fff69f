import ShopRuntime
import Synchronization
import Testing

/// A store that works until ``fail()``, then throws on every call.
private final class BreakableStore: HistoryStoring {
    private let working = InMemoryHistoryStore()
    private let broken = Atomic<Bool>(false)
    private let calls = Atomic<Int>(0)

    func fail() { broken.store(true, ordering: .relaxed) }
    var callsAfterFailure: Int { calls.load(ordering: .relaxed) }

    private func check() throws(HistoryError) {
        guard broken.load(ordering: .relaxed) else { return }
        calls.add(1, ordering: .relaxed)
        throw .unavailable(path: "/h.sqlite3", reason: "file is not a database")
    }

    func record(_ record: HistoryRecord) throws(HistoryError) -> Int64 {
        try check()
        return try working.record(record)
    }
    func entries(in scope: HistoryScope, matching text: String?, limit: Int?) throws(HistoryError) -> [HistoryEntry] {
        try check()
        return try working.entries(in: scope, matching: text, limit: limit)
    }
    func entry(id: Int64) throws(HistoryError) -> HistoryEntry? {
        try check()
        return try working.entry(id: id)
    }
    func forget(id: Int64) throws(HistoryError) -> Int {
        try check()
        return try working.forget(id: id)
    }
    func forget(matching text: String) throws(HistoryError) -> Int {
        try check()
        return try working.forget(matching: text)
    }
}

@Suite struct SessionHistoryStoreTests {
    private func command(_ text: String) -> HistoryRecord {
        HistoryRecord(session: "s", startedAt: 0, text: text, duration: 0, status: .succeeded)
    }

    @Test func afterThePrimaryFailsEveryCommandOfTheSessionIsStillThere() throws {
        let primary = BreakableStore()
        let warnings = Mutex<[String]>([])
        let store = SessionHistoryStore(primary: primary) { error in warnings.withLock { $0.append("\(error)") } }
        let first = try store.record(command("echo one"))
        _ = try store.record(command("echo two"))
        primary.fail()
        let third = try store.record(command("echo three"))
        _ = try store.record(command("echo four"))
        #expect(store.usesMemoryOnly)
        #expect(
            try store.entries(in: .session("s"), matching: nil, limit: nil).map(\.text) == [
                "echo one", "echo two", "echo three", "echo four",
            ])
        #expect(try store.entry(id: first)?.text == "echo one")
        #expect(third > first + 1, "ids go on after those the primary gave")
        #expect(warnings.withLock { $0 } == ["history database '/h.sqlite3' is unusable: file is not a database"])
        #expect(primary.callsAfterFailure == 1, "the primary is not asked again")
    }

    @Test func forgettingRemovesFromBothAndIsCounted() throws {
        let primary = BreakableStore()
        let store = SessionHistoryStore(primary: primary) { _ in }
        _ = try store.record(command("echo secret"))
        _ = try store.record(command("echo kept"))
        #expect(try store.forget(matching: "nothing") == 0)
        #expect(store.forgetCount == 0)
        #expect(try store.forget(matching: "secret") == 1)
        #expect(store.forgetCount == 1)
        primary.fail()
        #expect(try store.entries(in: .all, matching: nil, limit: nil).map(\.text) == ["echo kept"])
    }
}
