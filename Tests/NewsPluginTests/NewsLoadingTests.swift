import Foundation
import HTTPTransport
import NewsPlugin
import ShopPluginAPI
import ShopRuntime
import ShopTestSupport
import Testing

/// Loads that overlap, get cancelled, or share a download.
@Suite struct NewsLoadingTests {
    @Test func aSecondLoadWhileOneRunsIsRefusedWithoutARequest() async throws {
        try await withFixtureServer { server in
            server.setFault(.delay(60), forPath: "/api/news/1/15")
            let shop = try newsSession()
            await shop.run("news source \(server.baseURL) --timeout 90")
            let first = Task { await shop.session.run("news list", file: nil, path: nil, policy: .keepGoing) }
            while server.requestCount == 0 { try await Task.sleep(for: .milliseconds(5)) }
            // The session runs one thing at a time: the second command is refused before it runs.
            #expect(await shop.run("news more") == "error: this session is already running a command\n")
            #expect(await shop.run("news refresh") == "error: this session is already running a command\n")
            server.releaseDelays()
            #expect(await first.value == RunOutcome())
            #expect(shop.output.take().hasSuffix("15 of 40 loaded · 'news more' loads the next page\n"))
            #expect(server.requestCount == 1)
            #expect(await shop.run("news more | count") == "15\n")
        }
    }

    @Test func ctrlCCancelsALoadAtOnceAndTheSessionGoesOn() async throws {
        try await withFixtureServer { server in
            let shop = try newsSession()
            await shop.run("news source \(server.baseURL) --timeout 90; news list")
            let before = await newsState(shop)
            server.setFault(.delay(60), forPath: "/api/news/2/15", times: 1)
            let load = Task { await shop.session.run("news more", file: nil, path: nil, policy: .keepGoing) }
            while server.requestCount(forPath: "/api/news/2/15") == 0 { try await Task.sleep(for: .milliseconds(5)) }
            load.cancel()
            #expect(await load.value == RunOutcome(interrupted: true))
            #expect(server.slowAnswersCompleted == 0, "the server would answer after 60 s")
            #expect(shop.output.take() == "interrupted\n")
            #expect(await newsState(shop) == before)
            #expect(await shop.run("news more | count") == "15\n")
        }
    }

    @Test func fiftyConcurrentLoadsOfOnePictureMakeOneRequest() async throws {
        try await withFixtureServer(newsTotalCount: 75) { server in
            // Items whose id is not a multiple of 3 share /images/sample.png: 50 of 75.
            server.setFault(.delay(0.2), forPath: "/images/sample.png")
            let shop = try newsSession()
            await shop.run("news source \(server.baseURL) --page-size 75")
            let printed = await shop.run("news image --all")
            let lines = printed.split(separator: "\n")
            #expect(lines.first == "25 of 75 news have no picture")
            #expect(lines.count == 51)
            #expect(lines.dropFirst().allSatisfy { $0.contains(": PNG 4×3, ") })
            #expect(server.requestCount(forPath: "/images/sample.png") == 1)

            let cached = try #require(await jsonRecord(shop, "news image 1"))
            #expect(cached["origin"] == "memory")
            #expect(server.requestCount(forPath: "/images/sample.png") == 1, "a hit makes no request")
        }
    }

    @Test func downloadedPicturesAreKeptOnDiskUnderTheStateFolder() async throws {
        try await withFixtureServer { server in
            let shop = try newsSession()
            await shop.run("news source \(server.baseURL)")
            #expect((await shop.run("news image 1")).hasSuffix(" bytes, miss, downloaded\n"))
            let folder = shop.stateDirectory + "/cache/images"
            let files = try FileManager.default.contentsOfDirectory(atPath: folder)
            #expect(files == [ImageDiskCache.fileName(for: server.baseURL + "/images/sample.png")])
            // A new session of the same state folder (an empty memory cache) reads the disk.
            let output = CapturedOutput()
            let environment = SessionEnvironment(
                clock: .fixed(at: TranscriptRunner.defaultNow), stateDirectory: shop.stateDirectory,
                workingDirectory: shop.stateDirectory, http: CurlTransport())
            let next = try Session(
                configuration: SessionConfiguration(
                    plugins: [NewsPlugin()], environment: environment, output: output, showsErrorLocations: false))
            _ = await next.run(
                "news source \(server.baseURL); news image 1", file: nil, path: nil, policy: .stopAtFirstFailure)
            #expect(output.take().hasSuffix(" bytes, disk hit\n"))
            #expect(server.requestCount(forPath: "/images/sample.png") == 1)
        }
    }

    @Test func sessionsShareNoLoadsAndNoCaches() async throws {
        try await withFixtureServer { server in
            server.setFault(.delay(0.3), forPath: "/api/news/1/15")
            let plugin = NewsPlugin()
            let first = try TestSession(plugins: [plugin])
            let second = try TestSession(plugins: [plugin])
            await first.run("news source \(server.baseURL)")
            await second.run("news source \(server.baseURL)")
            async let a = first.run("news list | count")
            async let b = second.run("news list | count")
            #expect(await [a, b] == ["15\n", "15\n"])
            #expect((await first.run("news image 1")).contains("miss, downloaded"))
            #expect((await second.run("news image 1")).contains("miss, downloaded"))
            #expect((await second.run("news image 1")).contains("memory hit"))
        }
    }
}
