import ShopRuntime
import Synchronization
import Testing

/// A store that works until ``fail(with:)``, then throws that error on every call until
/// ``heal()``. A `.replaced` error is thrown once, and the store is then a new, empty one, as
/// a database file made again.
private final class BreakableStore: HistoryStoring {
    private let working = Mutex(InMemoryHistoryStore())
    private let broken = Mutex<HistoryError?>(nil)
    private let calls = Atomic<Int>(0)

    func fail(with error: HistoryError = .unavailable(path: "/h.sqlite3", reason: "file is not a database")) {
        broken.withLock { $0 = error }
    }
    func heal() { broken.withLock { $0 = nil } }
    /// Records as another session writing to the same database would, locked or not.
    func recordFromAnotherSession(_ text: String) throws {
        _ = try store.record(HistoryRecord(session: "other", startedAt: 0, text: text, duration: 0, status: .succeeded))
    }
    var callsAfterFailure: Int { calls.load(ordering: .relaxed) }
    var stored: [String] { (try? store.entries(in: .all, matching: nil, limit: nil).map(\.text)) ?? [] }

    private var store: InMemoryHistoryStore { working.withLock { $0 } }

    private func check() throws(HistoryError) {
        guard let error = broken.withLock({ $0 }) else { return }
        calls.add(1, ordering: .relaxed)
        if case .replaced = error {
            working.withLock { $0 = InMemoryHistoryStore() }
            heal()
        }
        throw error
    }

    func record(_ record: HistoryRecord) throws(HistoryError) -> Int64 {
        try check()
        return try store.record(record)
    }
    func entries(in scope: HistoryScope, matching text: String?, limit: Int?) throws(HistoryError) -> [HistoryEntry] {
        try check()
        return try store.entries(in: scope, matching: text, limit: limit)
    }
    func entry(id: Int64) throws(HistoryError) -> HistoryEntry? {
        try check()
        return try store.entry(id: id)
    }
    func forget(id: Int64) throws(HistoryError) -> Int {
        try check()
        return try store.forget(id: id)
    }
    func forget(matching text: String) throws(HistoryError) -> Int {
        try check()
        return try store.forget(matching: text)
    }
}

@Suite struct SessionHistoryStoreTests {
    private func command(_ text: String) -> HistoryRecord {
        HistoryRecord(session: "s", startedAt: 0, text: text, duration: 0, status: .succeeded)
    }

    /// What a store said.
    private final class Notices: Sendable {
        private let said = Mutex<[String]>([])
        func append(_ notice: String) { said.withLock { $0.append(notice) } }
        func withLock<Result>(_ body: ([String]) -> Result) -> Result { said.withLock { body($0) } }
    }

    private func store(_ primary: BreakableStore) -> (SessionHistoryStore, Notices) {
        let notices = Notices()
        let store = SessionHistoryStore(primary: primary) { notice in notices.append("\(notice)") }
        return (store, notices)
    }

    @Test func afterThePrimaryFailsEveryCommandOfTheSessionIsStillThere() throws {
        let primary = BreakableStore()
        let (store, notices) = store(primary)
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
        #expect(
            notices.withLock { $0 } == [
                "history database '/h.sqlite3' is unusable: file is not a database; using in-memory history for this session"
            ])
        #expect(primary.callsAfterFailure == 1, "the primary is not asked again")
    }

    @Test func aLockedPrimaryIsTriedAgainAtLaterWritesAndGetsEveryCommand() throws {
        let primary = BreakableStore()
        let (store, notices) = store(primary)
        _ = try store.record(command("echo one"))
        primary.fail(with: .locked(path: "/h.sqlite3"))
        _ = try store.record(command("echo two"))
        _ = try store.record(command("echo three"))
        #expect(!store.usesMemoryOnly)
        #expect(try store.entries(in: .session("s"), matching: nil, limit: nil).map(\.text).count == 3)
        #expect(try store.entries(in: .session("s"), matching: "three", limit: nil).map(\.text) == ["echo three"])
        primary.heal()
        let four = try store.record(command("echo four"))
        #expect(primary.stored == ["echo one", "echo two", "echo three", "echo four"])
        #expect(try store.entries(in: .all, matching: nil, limit: 2).map(\.text) == ["echo three", "echo four"])
        #expect(try store.entry(id: four)?.text == "echo four")
        #expect(
            notices.withLock { $0 } == [
                "history database '/h.sqlite3' is locked by another process; this session's commands are kept in memory and written once it is free"
            ], "said once while it lasts")
    }

    @Test func commandsWaitingWhileAnotherSessionWritesAreEachWrittenOnce() throws {
        let primary = BreakableStore()
        let (store, _) = store(primary)
        _ = try store.record(command("echo one"))
        primary.fail(with: .locked(path: "/h.sqlite3"))
        _ = try store.record(command("echo two"))
        _ = try store.record(command("echo three"))
        // The primary now gives "echo two" the id "echo three" waits with.
        try primary.recordFromAnotherSession("echo other")
        primary.heal()
        let four = try store.record(command("echo four"))
        #expect(primary.stored == ["echo one", "echo other", "echo two", "echo three", "echo four"])
        #expect(
            try store.entries(in: .session("s"), matching: nil, limit: nil).map(\.id) == [1, 3, 4, four])
        #expect(
            try store.entries(in: .session("s"), matching: nil, limit: nil).map(\.text) == [
                "echo one", "echo two", "echo three", "echo four",
            ])
    }

    @Test func commandsWaitingWhenTheSessionEndsAreWrittenOrSaid() throws {
        let primary = BreakableStore()
        let (store, notices) = store(primary)
        primary.fail(with: .locked(path: "/h.sqlite3"))
        _ = try store.record(command("echo one"))
        store.writeWaitingCommands(attempts: 2)
        #expect(primary.stored == [])
        #expect(notices.withLock { $0.last }?.hasSuffix("this session's last 1 command was not written to it") == true)
        primary.heal()
        _ = try store.record(command("echo two"))
        primary.fail(with: .locked(path: "/h.sqlite3"))
        _ = try store.record(command("echo three"))
        primary.heal()
        store.writeWaitingCommands()
        #expect(primary.stored == ["echo one", "echo two", "echo three"])
        #expect(notices.withLock { $0.count } == 3)
    }

    @Test func aPrimaryMadeAgainGetsTheSessionsCommandsAndItIsSaidOnce() throws {
        let primary = BreakableStore()
        let (store, notices) = store(primary)
        _ = try store.record(command("echo one"))
        _ = try store.record(command("echo two"))
        primary.fail(with: .replaced(path: "/h.sqlite3"))
        let three = try store.record(command("echo three"))
        #expect(primary.stored == ["echo one", "echo two", "echo three"])
        #expect(try store.entry(id: three)?.text == "echo three")
        #expect(
            try store.entries(in: .session("s"), matching: nil, limit: nil).map(\.id) == [three - 2, three - 1, three])
        _ = try store.record(command("echo four"))
        #expect(!store.usesMemoryOnly)
        #expect(
            notices.withLock { $0 } == [
                "history database '/h.sqlite3' was removed; created it again with this session's 2 commands"
            ])
    }

    @Test func forgettingRemovesFromBothAndIsCounted() throws {
        let primary = BreakableStore()
        let (store, _) = store(primary)
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
