import Foundation
import ShopPluginAPI
import ShopRuntime
import ShopTestSupport
import Testing

/// The session history under concurrent sessions, crashes and unusable databases.
@Suite(.serialized) struct HistoryRobustnessTests {
    let folder: FileSystemFolder

    init() throws {
        folder = try FileSystemFolder(prefix: "shop-history")
    }

    private var databasePath: String { folder.path + "/shop/history.sqlite3" }

    @Test func fourSessionsRecordingAtOnceLoseAndTearNothing() async throws {
        let path = folder.path
        let failures = await withTaskGroup(of: String?.self) { group in
            for process in 0..<4 {
                group.addTask {
                    do {
                        let shop = try await InteractiveSession(stateDirectory: path)
                        for batch in 0..<20 {
                            let lines = (0..<25).map { "echo p\(process)-c\(batch * 25 + $0)-end\r" }.joined()
                            try shop.terminal.send(lines)
                            try await shop.terminal.waitFor(
                                "\np\(process)-c\(batch * 25 + 24)-end", timeout: .seconds(30))
                        }
                        try await shop.waitForPrompt()
                        return try await shop.quit() == .exited(0) ? nil : "process \(process): bad exit"
                    } catch {
                        return "process \(process): \(String(describing: error).prefix(300))"
                    }
                }
            }
            return await group.compactMap { $0 }.reduce(into: []) { $0.append($1) }
        }
        #expect(failures == [])
        let rows = try InteractiveSession.history(in: folder.path)
        #expect(rows.count == 2000)
        for process in 0..<4 {
            let texts = rows.filter { $0.text.hasPrefix("echo p\(process)-") }.map(\.text)
            let inOrderAndWhole = texts == (0..<500).map { "echo p\(process)-c\($0)-end" }
            #expect(inOrderAndWhole, "process \(process) has \(texts.count) rows")
        }
        #expect(Set(rows.map(\.session)).count == 4)
    }

    @Test func commandsBeforeASIGKILLAreKept() async throws {
        let shop = try await InteractiveSession(stateDirectory: folder.path)
        for index in 0..<7 { try await shop.type("echo survived-\(index)") }
        kill(shop.terminal.processIdentifier, SIGKILL)
        _ = try await shop.terminal.waitForExit()
        #expect(try InteractiveSession.history(in: folder.path).map(\.text) == (0..<7).map { "echo survived-\($0)" })
    }

    @Test func aCorruptDatabaseGivesOneWarningAndIsLeftAlone() async throws {
        var generator = SystemRandomNumberGenerator()
        let garbage = (0..<8192).map { _ in UInt8.random(in: 0...255, using: &generator) }
        FileSystem.createDirectory(folder.path + "/shop")
        try Data(garbage).write(to: URL(fileURLWithPath: databasePath))
        let shop = try await InteractiveSession(stateDirectory: folder.path)
        #expect(shop.terminal.output.contains("warning: history database '\(databasePath)' is unusable"))
        #expect(shop.terminal.output.contains("using in-memory history for this session"))
        try await shop.type("echo works")
        #expect(try await shop.type("history").contains("echo works"))
        #expect(try await shop.quit() == .exited(0))
        #expect(try Data(contentsOf: URL(fileURLWithPath: databasePath)) == Data(garbage))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path + "/shop") == ["history.sqlite3"])
    }

    @Test func aDatabaseCorruptedMidSessionKeepsTheSessionsCommandsInMemory() async throws {
        let shop = try await InteractiveSession(stateDirectory: folder.path)
        try await shop.type("echo one")
        try await shop.type("echo two")
        // Another process overwrites the database, its write-ahead log and its index.
        var garbage: [String: Data] = [:]
        var generator = SystemRandomNumberGenerator()
        for suffix in ["", "-wal", "-shm"] {
            let path = databasePath + suffix
            let size = try #require(try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
            let bytes = Data((0..<size).map { _ in UInt8.random(in: 0...255, using: &generator) })
            let handle = try #require(FileHandle(forWritingAtPath: path))
            try handle.write(contentsOf: bytes)
            try handle.close()
            garbage[suffix] = bytes
        }
        try await shop.type("echo three")
        try await shop.type("echo four")
        let listing = try await shop.type("history")
        for word in ["one", "two", "three", "four"] { #expect(listing.contains("echo \(word)")) }
        #expect(try await shop.type("!!").contains("echo four"))  // the history listing again
        // Up: "!!", "history", then "echo four".
        for _ in 0..<3 { try shop.terminal.send(key: .up) }
        try shop.terminal.send("\r")
        try await shop.terminal.waitFor("\nfour")
        try await shop.waitForPrompt()
        #expect(try await shop.type("history save session.shopscript").contains("saved"))
        #expect(try await shop.quit() == .exited(0))
        let warnings = shop.terminal.output.components(separatedBy: "warning: ").count - 1
        #expect(warnings == 1, "\(shop.terminal.output)")
        #expect(shop.terminal.output.contains("warning: history database '\(databasePath)' is unusable"))
        #expect(shop.terminal.output.contains("using in-memory history for this session"))
        let saved = try String(contentsOfFile: folder.path + "/session.shopscript", encoding: .utf8)
        #expect(saved.hasSuffix("echo one\necho two\necho three\necho four\necho four\n"))
        // The database and its log are left exactly as the other process wrote them (the -shm
        // file is SQLite's scratch index, which it rewrites when it reads the log).
        for (suffix, bytes) in garbage where suffix != "-shm" {
            let now = try Data(contentsOf: URL(fileURLWithPath: databasePath + suffix))
            #expect(now == bytes, "\(suffix): \(now.count) bytes, was \(bytes.count)")
        }
    }

    @Test func aDatabaseFromANewerShopIsNotTouched() async throws {
        FileSystem.createDirectory(folder.path + "/shop")
        let create = try await ShopBinary.run(
            ["-cmd", "PRAGMA user_version = 7; CREATE TABLE history(id INTEGER PRIMARY KEY);", databasePath, ".quit"],
            environment: ShopBinary.environment(stateDirectory: folder.path), workingDirectory: folder.path,
            launchPath: "/usr/bin/sqlite3")
        #expect(create.status == 0)
        let before = try Data(contentsOf: URL(fileURLWithPath: databasePath))
        let shop = try await InteractiveSession(stateDirectory: folder.path)
        #expect(shop.terminal.output.contains("has schema version 7; this shop supports up to 1"))
        #expect(try await shop.type("echo fine").contains("fine"))
        #expect(try await shop.quit() == .exited(0))
        #expect(try Data(contentsOf: URL(fileURLWithPath: databasePath)) == before)
    }

    @Test func aReadOnlyStateFolderFallsBackToMemory() async throws {
        let readOnly = folder.path + "/readonly"
        FileSystem.createDirectory(readOnly)
        chmod(folder.path, 0o755)
        chmod(readOnly, 0o555)
        let shop = try await InteractiveSession(
            stateDirectory: readOnly, environment: ["HOME": "/nonexistent"],
            prefix: ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"])
        #expect(shop.terminal.output.contains("warning: history database"))
        #expect(try await shop.type("echo ok").contains("ok"))
        #expect(try await shop.quit() == .exited(0))
        #expect(try FileManager.default.contentsOfDirectory(atPath: readOnly) == [])
    }

    @Test func noHistoryRecordsNothing() async throws {
        let shop = try await InteractiveSession(stateDirectory: folder.path, arguments: ["--no-history"])
        try await shop.type("echo private")
        #expect(try await shop.type("history").contains("echo private"))
        #expect(try await shop.quit() == .exited(0))
        #expect(!FileManager.default.fileExists(atPath: databasePath))
    }

    @Test func aDatabaseRemovedMidSessionIsMadeAgainWithTheSessionsCommands() async throws {
        let shop = try await InteractiveSession(stateDirectory: folder.path)
        try await shop.type("echo one")
        try await shop.type("echo two")
        for suffix in ["", "-wal", "-shm"] { unlink(databasePath + suffix) }
        let said = try await shop.type("echo three")
        #expect(
            said.contains(
                "warning: history database '\(databasePath)' was removed; created it again with this session's 2 commands"
            ))
        try await shop.type("echo four")
        #expect(try await shop.quit() == .exited(0))
        #expect(shop.terminal.output.components(separatedBy: "warning: ").count - 1 == 1)
        #expect(
            try InteractiveSession.history(in: folder.path).map(\.text) == [
                "echo one", "echo two", "echo three", "echo four",
            ])
    }

    @Test func aWriteLockHeldAWhileIsWaitedOutAtLaterWrites() async throws {
        let shop = try await InteractiveSession(stateDirectory: folder.path)
        try await shop.type("echo one")
        // Another program holds the write lock for 8 s, longer than a write waits (5 s).
        let holder = try await holdWriteLock(while: "sleep 8")
        let said = try await shop.type("echo two", timeout: .seconds(60))
        #expect(said.contains("is locked by another process; this session's commands are kept in memory"))
        #expect(try await holder.value.status == 0)
        try await shop.type("echo three")
        #expect(try await shop.quit() == .exited(0))
        #expect(shop.terminal.output.components(separatedBy: "warning: ").count - 1 == 1)
        #expect(try InteractiveSession.history(in: folder.path).map(\.text) == ["echo one", "echo two", "echo three"])
    }

    @Test func commandsWaitingForALockWhenTheSessionEndsAreWrittenAsItEnds() async throws {
        let shop = try await InteractiveSession(stateDirectory: folder.path)
        try await shop.type("echo one")
        let release = folder.path + "/release"
        let waitForRelease = try folder.write("while [ ! -e \(release) ]; do sleep 0.05; done\n", to: "wait.sh")
        // Another program holds the write lock until the session has begun to quit.
        let holder = try await holdWriteLock(while: "sh \(waitForRelease)")
        let said = try await shop.type("echo two", timeout: .seconds(60))
        #expect(said.contains("is locked by another process; this session's commands are kept in memory"))
        try await shop.terminal.waitForKeyByKeyInput()
        try shop.terminal.send(key: .controlD)
        // Lets the session reach its last write while the lock is still held (any order passes).
        try await Task.sleep(for: .milliseconds(500))
        #expect(FileManager.default.createFile(atPath: release, contents: nil))
        #expect(try await holder.value.status == 0)
        #expect(try await shop.terminal.waitForExit(timeout: .seconds(60)) == .exited(0))
        #expect(shop.terminal.output.components(separatedBy: "warning: ").count - 1 == 1)
        #expect(try InteractiveSession.history(in: folder.path).map(\.text) == ["echo one", "echo two"])
    }

    /// Starts `sqlite3` holding the database's write lock while it runs `shellCommand`, and
    /// returns once it holds the lock; the task ends with its result.
    private func holdWriteLock(while shellCommand: String) async throws -> Task<ShopBinary.Result, any Error> {
        let locked = folder.path + "/locked"
        let holder = Task {
            try await ShopBinary.run(
                [databasePath, "BEGIN IMMEDIATE;", ".shell touch \(locked)", ".shell \(shellCommand)", "COMMIT;"],
                environment: ShopBinary.environment(stateDirectory: folder.path), workingDirectory: folder.path,
                timeout: 60, launchPath: "/usr/bin/sqlite3")
        }
        while !FileManager.default.fileExists(atPath: locked) { try await Task.sleep(for: .milliseconds(10)) }
        return holder
    }

    @Test func scriptsAndCommandsReadEverySessionsHistory() async throws {
        let shop = try await InteractiveSession(stateDirectory: folder.path)
        try await shop.type("echo one")
        try await shop.type("echo two")
        #expect(try await shop.quit() == .exited(0))
        let result = try await ShopBinary.run(
            ["-c", "history --all | count"], environment: ShopBinary.environment(stateDirectory: folder.path),
            workingDirectory: folder.path)
        #expect(result.standardOutput == "2\n")
        #expect(result.status == 0)
    }
}
