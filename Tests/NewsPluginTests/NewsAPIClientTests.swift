import Foundation
import NewsPlugin
import ShopTestSupport
import Testing

@Suite struct NewsAPIClientTests {
    @Test func aResponseCarriesStatusTypeAndBody() async throws {
        try await withFixtureServer { server in
            let url = try #require(URL(string: server.baseURL + "/images/not-an-image.png"))
            let response = try await NewsAPIClient().get(url)
            #expect(response.statusCode == 200)
            #expect(response.contentType == "text/html")
            #expect(String(decoding: response.body, as: UTF8.self).hasPrefix("<!DOCTYPE html>"))
        }
    }

    @Test func anOversizeBodyWithoutALengthIsAbandonedLongBeforeItsEnd() async throws {
        try await withFixtureServer { server in
            // Paced at 1 MB/s, so the whole body would take 50 s; the client's limit is 2 MB. (At
            // full loopback speed the caller is answered as quickly, but corelibs-foundation
            // closes the connection only after the server has sent everything; see TransferDelegate.)
            server.setFault(
                .hugeBody(bytes: 50_000_000, declaresLength: false, bytesPerSecond: 1_000_000), forPath: "/big")
            let url = try #require(URL(string: server.baseURL + "/big"))
            let clock = ContinuousClock()
            let started = clock.now
            let error = await newsError { try await NewsAPIClient(maxBodyBytes: 2 * 1024 * 1024).get(url) }
            let elapsed = (clock.now - started).seconds
            #expect(error == .oversize(url: url.absoluteString, limitBytes: 2 * 1024 * 1024))
            #expect(error?.description == "'\(url.absoluteString)' sent more than 2 MB; the transfer was stopped")
            #expect(elapsed < 30, "all 50 MB would take 50 s")
            let sent = try await settledBodyBytes(server, "/big")
            #expect(sent < 35_000_000, "the connection closed after \(sent) bytes")
        }
    }

    @Test func aDeclaredOversizeLengthIsRefusedAtTheHeader() async throws {
        try await withFixtureServer { server in
            server.setFault(.hugeBody(bytes: 50_000_000, bytesPerSecond: 1_000_000), forPath: "/big")
            let url = try #require(URL(string: server.baseURL + "/big"))
            let client = NewsAPIClient(maxBodyBytes: 1_000)
            let clock = ContinuousClock()
            let started = clock.now
            #expect(
                await newsError { try await client.get(url) } == .oversize(url: url.absoluteString, limitBytes: 1_000))
            #expect((clock.now - started).seconds < 30, "all 50 MB would take 50 s")
            let sent = try await settledBodyBytes(server, "/big")
            #expect(sent < 25_000_000, "the connection closed after \(sent) bytes")
        }
    }

    /// The body bytes the server sent once they stop growing, or `Int.max` when they still
    /// grow after 5 s (the client never closed the connection).
    private func settledBodyBytes(_ server: FixtureServer, _ path: String) async throws -> Int {
        var last = -1
        for _ in 0..<50 {
            let now = server.bodyBytesSent(forPath: path)
            if now == last { return now }
            last = now
            try await Task.sleep(for: .milliseconds(100))
        }
        return Int.max
    }

    @Test func aBodyExactlyAtTheLimitIsAccepted() async throws {
        try await withFixtureServer { server in
            server.setFault(.body(Data(count: 1_000), contentType: "application/octet-stream"), forPath: "/exact")
            let url = try #require(URL(string: server.baseURL + "/exact"))
            #expect(try await NewsAPIClient(maxBodyBytes: 1_000).get(url).body.count == 1_000)
        }
    }

    @Test func theTimeoutCountsFractionsOfASecond() async throws {
        try await withFixtureServer { server in
            server.setFault(.delay(60), forPath: "/slow")
            let url = try #require(URL(string: server.baseURL + "/slow"))
            let clock = ContinuousClock()
            let started = clock.now
            let error = await newsError { try await NewsAPIClient(timeout: 0.1).get(url) }
            #expect(error == .timeout(url: url.absoluteString, seconds: 0.1))
            #expect(error?.description == "'\(url.absoluteString)' did not answer within 0.1 s")
            #expect((clock.now - started).seconds < 30, "the server would answer after 60 s")
            // A fast answer is not affected by a short timeout.
            #expect(
                try await NewsAPIClient(timeout: 0.5).get(try #require(URL(string: server.baseURL + "/api/news/1/15")))
                    .statusCode == 200)
        }
    }

    @Test func theTimeoutIsIdleTimeNotTotalTime() async throws {
        try await withFixtureServer { server in
            // 1.2 MB at 1.5 MB/s takes about 0.8 s, but a chunk arrives every 45 ms.
            server.setFault(.hugeBody(bytes: 1_200_000, bytesPerSecond: 1_500_000), forPath: "/trickle")
            let url = try #require(URL(string: server.baseURL + "/trickle"))
            #expect(try await NewsAPIClient(timeout: 0.5).get(url).body.count == 1_200_000)
        }
    }

    @Test func cancellingTheCallerAbortsTheRequestAtOnce() async throws {
        try await withFixtureServer { server in
            server.setFault(.delay(60), forPath: "/slow")
            let url = try #require(URL(string: server.baseURL + "/slow"))
            let client = NewsAPIClient(timeout: 90)
            let clock = ContinuousClock()
            let request = Task { try await client.get(url) }
            while server.requestCount(forPath: "/slow") == 0 { try await Task.sleep(for: .milliseconds(5)) }
            let cancelled = clock.now
            request.cancel()
            #expect(await newsError { try await request.value } == .cancelled(url: url.absoluteString))
            #expect((clock.now - cancelled).seconds < 30, "the server would answer after 60 s")
            while server.abandonedRequestCount == 0, (clock.now - cancelled).seconds < 30 {
                try await Task.sleep(for: .milliseconds(10))
            }
            #expect(server.abandonedRequestCount == 1, "the connection was closed, not left waiting")
        }
    }

    @Test func aTaskCancelledBeforeTheRequestNeverSendsIt() async throws {
        try await withFixtureServer { server in
            let url = try #require(URL(string: server.baseURL + "/api/news/1/15"))
            let client = NewsAPIClient()
            let request = Task {
                withUnsafeCurrentTask { $0?.cancel() }
                return try await client.get(url)
            }
            #expect(await newsError { try await request.value } == .cancelled(url: url.absoluteString))
            try await Task.sleep(for: .milliseconds(50))
            #expect(server.requestCount == 0)
        }
    }
}
