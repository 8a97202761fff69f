import Foundation
import ShopTestSupport
import Synchronization
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The built `shop` binary against a ``FixtureServer``: stdout, stderr and exit codes.
@Suite struct NewsEndToEndTests {
    /// What one run of `shop` printed and how it ended.
    struct Run: Sendable {
        var status: Int32
        var standardOutput: String
        var standardError: String
    }

    /// The `shop` next to the test bundle (the products folder), else in `.build/debug` of the package.
    static let shopPath: String = {
        var candidates: [String] = []
        if let executable = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            var folder = URL(filePath: executable).deletingLastPathComponent()
            // Inside an `.xctest` bundle on some platforms: climb out of it.
            while folder.path.contains(".xctest") { folder.deleteLastPathComponent() }
            candidates.append(folder.appending(path: "shop").path)
        }
        let root = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        candidates.append(root.appending(path: ".build/debug/shop").path)
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) } ?? candidates[0]
    }()

    /// Runs `shop ARGUMENTS` with a fixed clock, a fresh state folder and no history; kills it
    /// after `limit` seconds so a test never hangs. `whileRunning` gets the process id.
    static func shop(
        _ arguments: [String], input: String? = nil, limit: Double = 20,
        whileRunning: (@Sendable (Int32) async throws -> Void)? = nil
    ) async throws -> Run {
        let folder = FileManager.default.temporaryDirectory.appending(path: "shop-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let process = Process()
        process.executableURL = URL(filePath: shopPath)
        process.arguments = ["--now", "2026-01-15T10:00:00Z", "--no-history", "--state-dir", folder.path] + arguments
        process.environment = ["HOME": folder.path, "PATH": "/usr/bin:/bin", "TMPDIR": folder.path]
        let output = folder.appending(path: "stdout")
        let errors = folder.appending(path: "stderr")
        try Data().write(to: output)
        try Data().write(to: errors)
        process.standardOutput = try FileHandle(forWritingTo: output)
        process.standardError = try FileHandle(forWritingTo: errors)
        let stdin = Pipe()
        process.standardInput = stdin
        try process.run()
        try stdin.fileHandleForWriting.write(contentsOf: Data((input ?? "").utf8))
        try stdin.fileHandleForWriting.close()
        try await whileRunning?(process.processIdentifier)
        let deadline = ContinuousClock.now + .seconds(limit)
        while process.isRunning {
            if ContinuousClock.now > deadline {
                process.terminate()
                Issue.record("shop \(arguments) did not finish within \(limit) s")
                break
            }
            try await Task.sleep(for: .milliseconds(5))
        }
        process.waitUntilExit()
        return Run(
            status: process.terminationStatus,
            standardOutput: String(decoding: try Data(contentsOf: output), as: UTF8.self),
            standardError: String(decoding: try Data(contentsOf: errors), as: UTF8.self))
    }

    @Test func jsonPrintsOneLinePerResultAndMessagesOnStandardError() async throws {
        let server = FixtureServer(newsTotalCount: 20)
        try server.start()
        defer { server.stop() }
        let run = try await Self.shop([
            "--format", "json", "-c", "news source \(server.baseURL); news list; news more; news more",
        ])
        #expect(run.status == 0)
        let lines = run.standardOutput.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(
            lines.first?.hasPrefix(#"[{"id":1,"title":"Fixture story 1","description":"Body of fixture story 1.""#)
                == true)
        #expect(lines.last?.hasPrefix(#"[{"id":16,"#) == true)
        #expect(lines.last?.hasSuffix(#""categoryType":"release"}]"#) == true)
        #expect(
            run.standardError == """
                news source: \(server.baseURL) (15 per page, timeout 15 s); nothing loaded yet
                all 20 news loaded

                """)
        #expect(server.requestedPaths == ["/api/news/1/15", "/api/news/2/15"])
    }

    @Test func plainOutputIsTabSeparated() async throws {
        let server = FixtureServer(newsTotalCount: 3)
        try server.start()
        defer { server.stop() }
        let run = try await Self.shop(["--format", "plain", "-c", "news source \(server.baseURL); news list"])
        #expect(run.status == 0)
        #expect(
            run.standardOutput == """
                news source: \(server.baseURL) (15 per page, timeout 15 s); nothing loaded yet
                #\tdate\tcategory\ttitle
                1\tYesterday\tpromo\tFixture story 1
                2\t13 Jan 2026\tservice\tFixture story 2
                3\t12 Jan 2026\tevent\tFixture story 3

                """)
        #expect(run.standardError == "")
    }

    @Test func aServerErrorIsOneLineOnStandardErrorAndExitStatusOne() async throws {
        let server = FixtureServer()
        try server.start()
        defer { server.stop() }
        server.setFault(.status(500), forPath: "/api/news/1/15")
        let run = try await Self.shop(["-c", "news source \(server.baseURL); news list; echo never"])
        #expect(run.status == 1)
        #expect(
            run.standardOutput == "news source: \(server.baseURL) (15 per page, timeout 15 s); nothing loaded yet\n")
        #expect(
            run.standardError == "error: '\(server.baseURL)/api/news/1/15' answered http 500 (internal server error)\n")
    }

    @Test func aScriptNamesTheFailingLineAndKeepGoingRetries() async throws {
        let server = FixtureServer()
        try server.start()
        defer { server.stop() }
        server.setFault(.text(#"{"news":[{"title":"no id"}]}"#), forPath: "/api/news/1/15", times: 1)
        let script = FileManager.default.temporaryDirectory.appending(path: "news-\(UUID().uuidString).shopscript")
        try Data("news source \(server.baseURL)\nnews list | count\nnews list | count\n".utf8).write(to: script)
        defer { try? FileManager.default.removeItem(at: script) }
        let stopped = try await Self.shop(["run", script.path])
        #expect(stopped.status == 1)
        #expect(
            stopped.standardError == "error: \(script.path):2:1: malformed news response: 'news[0].id' is missing\n")
        server.setFault(.text(#"{"news":[{"title":"no id"}]}"#), forPath: "/api/news/1/15", times: 1)
        let kept = try await Self.shop(["run", "--keep-going", script.path])
        #expect(kept.status == 1)
        #expect(kept.standardOutput.hasSuffix("nothing loaded yet\n15\n"))
    }

    @Test func commandsFromStandardInput() async throws {
        let run = try await Self.shop([], input: "news list | count\nnews more | count\nstate get news.page\n")
        #expect(run.status == 0)
        #expect(run.standardOutput == "15\n15\n2\n")
        #expect(run.standardError == "")
    }

    @Test func theNewsTourPassesAsATranscript() async throws {
        let root = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let run = try await Self.shop(["test", root.appending(path: "Scripts/news.shopscript").path])
        #expect(run.status == 0)
        #expect(run.standardOutput.hasSuffix("1 passed, 0 failed\n"))
    }

    @Test func ctrlCStopsALoadAtOnceWithStatus130() async throws {
        let server = FixtureServer()
        try server.start()
        defer { server.stop() }
        server.setFault(.delay(10), forPath: "/api/news/1/15")
        let started = ContinuousClock.now
        let run = try await Self.shop(["-c", "news source \(server.baseURL); news list"], limit: 5) { pid in
            while server.requestCount == 0 { try await Task.sleep(for: .milliseconds(5)) }
            kill(pid, SIGINT)
        }
        #expect(run.status == 130)
        #expect(run.standardError == "interrupted\n")
        #expect((ContinuousClock.now - started) < .seconds(3), "the server would answer after 10 s")
    }
}
