import Foundation
import ShopTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `news source URL --record FILE.har` and `news source FILE.har`: the built `shop` records a
/// ``FixtureServer``'s answers and replays them with the server gone.
@Suite struct NewsArchiveTests {
    let folder: FileSystemFolder

    init() throws {
        folder = try FileSystemFolder(prefix: "shop-har")
    }

    /// Runs a script of `lines` with `shop run --keep-going` in the test's folder.
    private func run(
        _ lines: [String], limit: Double = 20, whileRunning: ((ShopBinary.Running) async throws -> Void)? = nil
    ) async throws -> ShopBinary.Result {
        let script = "script-\(UUID().uuidString).shopscript"
        try folder.write(lines.joined(separator: "\n") + "\n", to: script)
        return try await ShopBinary.run(
            [
                "--now", "2026-01-15T10:00:00Z", "--no-history", "--state-dir", folder.path, "run", "--keep-going",
                script,
            ],
            environment: ["HOME": folder.path, "PATH": "/usr/bin:/bin", "TMPDIR": folder.path],
            workingDirectory: folder.path, timeout: limit, whileRunning: whileRunning)
    }

    /// The archive's entries as JSON objects, checked to be a whole HAR 1.2 file.
    private func entries(_ name: String) throws -> [[String: Any]] {
        let data = try Data(contentsOf: URL(fileURLWithPath: folder.path + "/" + name))
        let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let log = try #require(root["log"] as? [String: Any])
        #expect(log["version"] as? String == "1.2")
        return try #require(log["entries"] as? [[String: Any]])
    }

    /// Records pages 1 and 2 and the picture of news 1 from a fresh server into `name`.
    private func record(_ name: String, server: FixtureServer) async throws -> ShopBinary.Result {
        try await run([
            "news source \(server.baseURL) --page-size 5 --record \(name)", "news list | count", "news more | count",
            "news image 1",
        ])
    }

    @Test func aReplayServesThePagesAndPicturesRecordedWithTheServerGone() async throws {
        let server = FixtureServer(newsTotalCount: 12)
        try server.start()
        let recorded = try await record("talk.har", server: server)
        #expect(recorded.standardError == "")
        #expect(
            recorded.standardOutput == """
                news source: \(server.baseURL) (5 per page, timeout 15 s), recording to 'talk.har'; nothing loaded yet
                5
                5
                news 1: PNG 4×3, 107 bytes, miss, downloaded

                """)
        server.stop()
        let urls = try entries("talk.har").map { ($0["request"] as? [String: Any])?["url"] as? String }
        #expect(
            urls == ["/api/news/1/5", "/api/news/2/5", "/images/sample.png"].map { server.baseURL + $0 })

        // Another order than recorded: the picture first, then the pages.
        let replayed = try await run([
            "news source talk.har", "news image 1", "news | count", "news more | count", "news show 7 | get title",
            "news source | get source",
        ])
        #expect(replayed.standardError == "")
        #expect(
            replayed.standardOutput == """
                news source: talk.har (5 per page, replayed with no network); nothing loaded yet
                news 1: PNG 4×3, 107 bytes, replayed
                5
                5
                Fixture story 7
                talk.har

                """)
    }

    @Test func errorStatusesAndFailuresWithoutAResponseAreRecordedAndReplayed() async throws {
        let server = FixtureServer(newsTotalCount: 12)
        try server.start()
        server.setFault(.status(503), forPath: "/api/news/2/5")
        let recorded = try await record("errors.har", server: server)
        let unavailable = "'\(server.baseURL)/api/news/2/5' answered http 503 (service unavailable)"
        #expect(recorded.standardError.hasSuffix(unavailable + "\n"))
        server.stop()
        // Port 1: nothing listens there.
        let refused = try await run(["news source http://127.0.0.1:1 --page-size 5 --record refused.har", "news list"])
        let refusal = "cannot load 'http://127.0.0.1:1/api/news/1/5': connection refused"
        #expect(refused.standardError.hasSuffix(refusal + "\n"))
        let failed = try entries("refused.har")
        let response = try #require(failed.first?["response"] as? [String: Any])
        #expect(response["status"] as? Int == 0)
        #expect(response["_error"] as? String == "connection refused")
        #expect(
            try entries("errors.har").compactMap { ($0["response"] as? [String: Any])?["status"] as? Int } == [
                200, 503, 200,
            ])
        // The error answer is recorded whole: its headers and its body.
        let errorAnswer = try #require(try entries("errors.har")[1]["response"] as? [String: Any])
        let body = #"{"error":"fixture status 503"}"#
        #expect(errorAnswer["bodySize"] as? Int == body.utf8.count)
        #expect((errorAnswer["content"] as? [String: Any])?["text"] as? String == body)
        let headers = try #require(errorAnswer["headers"] as? [[String: Any]])
        #expect(
            headers.contains { $0["name"] as? String == "Content-Type" && $0["value"] as? String == "application/json" }
        )

        let replayed = try await run([
            "news source errors.har", "news list | count", "news more", "news source refused.har", "news list",
        ])
        #expect(replayed.standardError.contains(unavailable))
        #expect(replayed.standardError.hasSuffix(refusal + "\n"))
    }

    @Test func aRequestTheArchiveLacksIsAnErrorNamingTheURL() async throws {
        let server = FixtureServer(newsTotalCount: 12)
        try server.start()
        _ = try await record("talk.har", server: server)
        server.stop()
        let replayed = try await run(["news source talk.har", "news list | count", "news more | count", "news more"])
        #expect(
            replayed.standardError.hasSuffix(
                "cannot load '\(server.baseURL)/api/news/3/5': not recorded in 'talk.har'\n"))
    }

    @Test func anAnswerWhoseBodyTheArchiveLacksIsAnErrorNamingTheArchive() async throws {
        let entry =
            #"{"request":{"method":"GET","url":"http://h/api/news/1/5"},"response":{"status":200,"content":{"size":120,"mimeType":"application/json"}}}"#
        try folder.write(#"{"log":{"version":"1.2","entries":["# + entry + "]}}", to: "bodiless.har")
        let result = try await run(["news source bodiless.har", "news list"])
        #expect(
            result.standardError.hasSuffix(
                "cannot load 'http://h/api/news/1/5': its body is not in 'bodiless.har' (no content.text)\n"))
    }

    @Test func aURLAskedForSeveralTimesIsAnsweredInRecordedOrderThenTheLastAnswerRepeats() async throws {
        let server = FixtureServer(newsTotalCount: 12)
        try server.start()
        server.setFault(.status(500), forPath: "/api/news/1/5", times: 1)
        _ = try await run([
            "news source \(server.baseURL) --page-size 5 --record again.har", "news list", "news list | count",
        ])
        server.stop()
        let replayed = try await run([
            "news source again.har", "news list", "news list | count", "news refresh | count", "news refresh | count",
        ])
        #expect(replayed.standardError.contains("answered http 500"))
        #expect(replayed.standardOutput.hasSuffix("5\n5\n5\n"))
    }

    @Test func picturesAreFetchedWhileRecordingEvenWhenCached() async throws {
        let server = FixtureServer(newsTotalCount: 12)
        try server.start()
        defer { server.stop() }
        let result = try await run([
            "news source \(server.baseURL) --page-size 5", "news image 1", "news source --record cached.har",
            "news image 1",
        ])
        #expect(result.standardError == "")
        #expect(server.requestCount(forPath: "/images/sample.png") == 2)
        #expect(
            try entries("cached.har").contains {
                ($0["request"] as? [String: Any])?["url"] as? String == server.baseURL + "/images/sample.png"
            })
    }

    @Test func anUnwritableArchiveIsRefusedBeforeAnyRequest() async throws {
        let server = FixtureServer(newsTotalCount: 12)
        try server.start()
        defer { server.stop() }
        let result = try await run([
            "news source \(server.baseURL) --record missing/talk.har",
            "news source \(server.baseURL) --record /dev/null",
            "news source | get source",
        ])
        let errors = result.standardError.split(separator: "\n")
        #expect(errors.count == 2)
        #expect(errors.first?.hasSuffix(": cannot write 'missing/talk.har': no such folder") == true)
        #expect(errors.last?.hasSuffix(": cannot write '/dev/null': not a regular file (a character device)") == true)
        #expect(result.standardOutput == "embedded\n")
        #expect(server.requestCount == 0)
    }

    @Test func ctrlCWhileRecordingLeavesAValidArchiveOfWhatFinished() async throws {
        let server = FixtureServer(newsTotalCount: 12)
        try server.start()
        defer { server.stop() }
        server.setFault(.delay(60), forPath: "/api/news/2/5")
        // A timeout past the test's own limit: on a loaded machine the Ctrl-C below can come
        // seconds late, and must still find the page's request running.
        let result = try await run(
            [
                "news source \(server.baseURL) --page-size 5 --timeout 90 --record cut.har", "news list | count",
                "news more",
            ],
            limit: 60
        ) { running in
            while server.requestCount(forPath: "/api/news/2/5") == 0 { try await Task.sleep(for: .milliseconds(5)) }
            kill(running.processIdentifier, SIGINT)
        }
        #expect(result.status == 130, "\(result.standardError)")
        let urls = try entries("cut.har").map { ($0["request"] as? [String: Any])?["url"] as? String }
        #expect(urls == [server.baseURL + "/api/news/1/5"])
    }

    /// Bad archives: each is one line, and the source stays what it was.
    @Test(arguments: [
        ("not json", "'bad.har' is not JSON: unexpected 'n' at the top level (line 1, column 1)"),
        (#"{"log":{"version":"1.1","entries":[]}}"#, "'bad.har' is HAR version '1.1'; shop reads version 1.2"),
        (
            #"{"log":{"version":"1.2","entries":[{"request":{"method":"GET","url":"http://h/api/news/1/5"}}]}}"#,
            "'bad.har' is not an HTTP archive: missing member 'response' at log.entries[0] (line 1, column 94)"
        ),
        (
            #"{"log":{"version":"1.2","entries":[{"request":{"method":"GET","url":"http://h/api/news/1/5"},"response":{"status":200,"content":{"text":"%%%%","encoding":"base64"}}}]}}"#,
            "'bad.har' is not an HTTP archive: content.text is not valid base64 at log.entries[0].response.content (line 1, column 137)"
        ),
        (#"{"log":{"version":"1.2","entries":[]}}"#, "'bad.har' holds no news page request (GET …/api/news/PAGE/SIZE)"),
    ])
    func aBadArchiveIsOneLineAndTheSourceStays(content: String, message: String) async throws {
        try folder.write(content, to: "bad.har")
        let result = try await run(["news source bad.har", "news source | get source"])
        #expect(result.standardError.hasSuffix(": " + message + "\n"))
        #expect(result.standardError.split(separator: "\n").count == 1)
        #expect(result.standardOutput == "embedded\n")
    }

    @Test func anArchiveOver256MBIsRefusedByItsSizeBeforeItIsRead() async throws {
        let path = try folder.write("", to: "big.har")
        // Sparse: no disk is used, and reading 257 MB would take far longer than the check.
        #expect(truncate(path, off_t(257 * 1024 * 1024)) == 0)
        let result = try await run(["news source big.har", "news source | get source"])
        #expect(result.standardError.hasSuffix(": 'big.har' is 257 MB; archives over 256 MB are refused\n"))
        #expect(result.standardOutput == "embedded\n")
    }
}
