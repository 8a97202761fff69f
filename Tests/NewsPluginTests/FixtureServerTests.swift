import NewsPlugin
import ShopPluginAPI
import ShopTestSupport
import Testing

@Suite struct FixtureServerTests {
    @Test func stopClosesIdleKeepAliveConnectionsPromptly() async throws {
        let server = FixtureServer()
        try server.start()
        _ = try await newsClient().get(server.baseURL + "/api/news/1/15")
        let started = ContinuousClock.now
        server.stop()
        #expect(ContinuousClock.now - started < .seconds(30))
        server.stop()  // idempotent
    }

    @Test func stopInterruptsADelayedResponse() async throws {
        let server = FixtureServer()
        try server.start()
        server.setGlobalFault(.delay(60))
        let url = server.baseURL + "/api/news/1/15"
        let request = Task { try await newsClient(timeout: 90).get(url) }
        while server.requestCount == 0 { try await Task.sleep(for: .milliseconds(5)) }
        server.stop()
        #expect(await newsError { try await request.value } != nil)
        #expect(server.slowAnswersCompleted == 0, "the delayed answer was interrupted, not waited out")
    }

    @Test func faultsCanBeLimitedToANumberOfRequests() async throws {
        try await withFixtureServer { server in
            server.setGlobalFault(.status(503), times: 2)
            let url = server.baseURL + "/api/news/1/15"
            let client = newsClient()
            #expect(await newsError { try await client.get(url) } == .http(.status(url: url, code: 503)))
            #expect(await newsError { try await client.get(url) } == .http(.status(url: url, code: 503)))
            let status = try await client.get(url).status
            #expect(status == 200)
            #expect(server.requestCount(forPath: "/api/news/1/15") == 3)
        }
    }

    @Test func generatedPagesFollowTheTotalCount() throws {
        let page = try NewsPage.decode(FixtureNews.page(3, size: 15, total: 40, baseURL: "http://h"))
        #expect(page.items.map(\.id) == Array(31...40))
        #expect(page.totalCount == 40)
        #expect(page.items.contains { $0.titleImageUrl == nil })
        #expect(try NewsPage.decode(FixtureNews.page(4, size: 15, total: 40, baseURL: "http://h")).items.isEmpty)
    }

    @Test func unknownPathsAre404() async throws {
        try await withFixtureServer { server in
            let url = server.baseURL + "/nothing/here"
            #expect(await newsError { try await newsClient().get(url) } == .http(.status(url: url, code: 404)))
        }
    }
}
