import Foundation
import HistoryStore
import ShopRuntime
import ShopTestSupport
import Synchronization
import Testing

@Suite struct ConcurrencyTests {
    /// The text of command `index` of thread `thread`: long enough to span pages, so that a torn
    /// or interleaved write would show.
    private static func text(thread: Int, index: Int) -> String {
        "thread \(thread) command \(index) " + String(repeating: "\(thread)", count: 200)
    }

    @Test func fourThreadsWithTheirOwnStoresLoseAndInterleaveNothing() throws {
        let threads = 4
        let perThread = 500
        try withTemporaryFolder { folder in
            let path = folder.file("state/history.sqlite3")
            let failures = Mutex<[String]>([])
            let finished = DispatchGroup()
            for thread in 0..<threads {
                finished.enter()
                Thread {
                    defer { finished.leave() }
                    do {
                        // Every thread opens the new file at once, so creating the schema races too.
                        let store = try SQLiteHistoryStore(path: path)
                        for index in 0..<perThread {
                            _ = try store.record(
                                HistoryRecord(
                                    session: "thread-\(thread)", startedAt: Double(index),
                                    text: Self.text(thread: thread, index: index), duration: 0.001,
                                    status: .succeeded))
                        }
                    } catch {
                        failures.withLock { $0.append("thread \(thread): \(error)") }
                    }
                }.start()
            }
            finished.wait()
            #expect(failures.withLock { $0 } == [])

            let store = try SQLiteHistoryStore(path: path)
            let all = try store.entries(in: .all, matching: nil, limit: nil)
            #expect(all.count == threads * perThread)
            #expect(zip(all, all.dropFirst()).allSatisfy { $0.id < $1.id })
            for thread in 0..<threads {
                let mine = try store.entries(in: .session("thread-\(thread)"), matching: nil, limit: nil)
                #expect(mine.map(\.text) == (0..<perThread).map { Self.text(thread: thread, index: $0) })
                #expect(mine.map(\.startedAt) == (0..<perThread).map(Double.init))
            }
        }
    }

    /// SQLite holds a lock on the database file while a connection is open. Another process
    /// closing the database that finds no such lock takes itself for the last user and deletes the
    /// write-ahead log, so what the store writes afterwards would go to a log no one reads.
    @Test func anotherProcessClosingTheDatabaseLeavesTheLogThisStoreWritesTo() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.file("history.sqlite3")
        let store = try SQLiteHistoryStore(path: path)
        try record([("s", "echo one"), ("s", "echo two")], in: store)
        let count = try await sqlite3(path, "SELECT count(*) FROM history;", in: folder)
        #expect(count == "2\n")
        try record([("s", "echo three")], in: store)
        let texts = try await sqlite3(path, "SELECT text FROM history ORDER BY id;", in: folder)
        #expect(texts == "echo one\necho two\necho three\n")
    }

    /// What the `sqlite3` shell prints for `sql` run on the database at `path`, in its own process.
    private func sqlite3(_ path: String, _ sql: String, in folder: TemporaryFolder) async throws -> String {
        let result = try await ShopBinary.run(
            [path, sql], environment: [:], workingDirectory: folder.path, launchPath: "/usr/bin/sqlite3")
        #expect(result.status == 0, "\(result.standardError)")
        return result.standardOutput
    }

    @Test func oneStoreSharedByManyTasksRecordsEveryCommand() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = try SQLiteHistoryStore(path: folder.file("history.sqlite3"))
        let ids = try await withThrowingTaskGroup(of: Int64.self) { group in
            for index in 0..<200 {
                group.addTask {
                    try store.record(
                        HistoryRecord(
                            session: "s", startedAt: 0, text: "task \(index)", duration: 0, status: .succeeded))
                }
            }
            return try await group.reduce(into: [Int64]()) { $0.append($1) }
        }
        #expect(Set(ids).count == 200)
        #expect(try store.entries(in: .session("s"), matching: nil, limit: nil).count == 200)
    }
}
