import Foundation
import ShopTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The built `shop` binary against a ``FixtureServer``: stdout, stderr and exit codes.
@Suite struct NewsEndToEndTests {
    /// Runs `shop ARGUMENTS` with a fixed clock, a fresh state folder and no history; stops it
    /// after `limit` seconds so a test never hangs. `whileRunning` gets the run under way.
    static func shop(
        _ arguments: [String], input: String = "", limit: Double = 20,
        whileRunning: ((ShopBinary.Running) async throws -> Void)? = nil
    ) async throws -> ShopBinary.Result {
        let folder = try FileSystemFolder(prefix: "shop-news")
        return try await ShopBinary.run(
            ["--now", "2026-01-15T10:00:00Z", "--no-history", "--state-dir", folder.path] + arguments, input: input,
            environment: ["HOME": folder.path, "PATH": "/usr/bin:/bin", "TMPDIR": folder.path],
            workingDirectory: folder.path, timeout: limit, whileRunning: whileRunning)
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
        // The plain format is the host's: the records themselves, a header and one line each.
        let lines = run.standardOutput.split(separator: "\n")
        #expect(lines.count == 5)
        #expect(lines[0] == "news source: \(server.baseURL) (15 per page, timeout 15 s); nothing loaded yet")
        #expect(lines[1] == "id\ttitle\tdescription\tpublishedDate\turl\tfullUrl\ttitleImageUrl\tcategoryType")
        #expect(lines[2].hasPrefix("1\tFixture story 1\t"))
        #expect(lines[4].hasPrefix("3\tFixture story 3\t"))
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

    /// The local addresses of sockets connecting or connected (SYN_SENT, ESTABLISHED) to
    /// `port` on loopback, from /proc/net/tcp.
    private func connecting(to port: UInt16) -> Set<Substring> {
        let table = (try? String(contentsOfFile: "/proc/net/tcp", encoding: .utf8)) ?? ""
        let remote = "0100007F:" + String(format: "%04X", port)
        return Set(
            table.split(separator: "\n").compactMap { line in
                let fields = line.split(separator: " ")
                return fields.count > 3 && fields[2] == remote && ["01", "02"].contains(fields[3]) ? fields[1] : nil
            })
    }

    /// Where a request is when Ctrl-C comes.
    enum Phase: String, CaseIterable, Sendable {
        /// The server's queue is full: the connection never completes.
        case connecting
        /// Connected and sent; the server holds its answer.
        case waitingForTheHeader
        /// The header came; the body arrives a byte a second.
        case receivingTheBody
    }

    @Test(arguments: Phase.allCases)
    func ctrlCStopsALoadAtOnceWithStatus130(in phase: Phase) async throws {
        let server = FixtureServer()
        try server.start()
        defer { server.stop() }
        let stalled = try StalledListener()
        defer { stalled.close() }
        var base = server.baseURL
        switch phase {
        case .connecting: base = "http://127.0.0.1:\(stalled.port)"
        case .waitingForTheHeader: server.setFault(.delay(60), forPath: "/api/news/1/15")
        case .receivingTheBody: server.setFault(.drip(bytes: 600, interval: 1), forPath: "/api/news/1/15")
        }
        let fillers = connecting(to: stalled.port)
        let started = ContinuousClock.now
        // `limit` bounds a hang only (shop is stopped then and the test fails); the load itself
        // would go on for ten minutes.
        let run = try await Self.shop(["-c", "news source \(base) --timeout 600; news list"], limit: 120) { running in
            if phase == .connecting {
                // A new socket to the stalled port: shop is connecting (a SYN the full queue
                // dropped, or a handshake the listener will never accept).
                while connecting(to: stalled.port).subtracting(fillers).isEmpty,
                    ContinuousClock.now - started < .seconds(120)
                {
                    try await Task.sleep(for: .milliseconds(5))
                }
            } else {
                while server.requestCount == 0, ContinuousClock.now - started < .seconds(120) {
                    try await Task.sleep(for: .milliseconds(5))
                }
                try await Task.sleep(for: .milliseconds(100))
            }
            kill(running.processIdentifier, SIGINT)
        }
        #expect(run.status == 130)
        #expect(run.standardError == "interrupted\n")
        #expect(server.slowAnswersCompleted == 0, "the held answer was not waited out")
    }
}
