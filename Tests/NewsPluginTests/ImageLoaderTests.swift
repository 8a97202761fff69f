import Foundation
import NewsPlugin
import ShopPluginAPI
import ShopTestSupport
import Testing

@Suite struct ImageLoaderTests {
    private func temporaryDirectory() -> String {
        FileManager.default.temporaryDirectory.appending(path: "news-image-tests-\(UUID().uuidString)").path
    }

    @Test func fiftyConcurrentLoadsOfOneURLMakeExactlyOneRequest() async throws {
        try await withFixtureServer { server in
            server.setFault(.delay(0.1), forPath: "/images/sample.png")
            let loader = ImageLoader(client: newsClient())
            let url = server.baseURL + "/images/sample.png"
            let images = try await withThrowingTaskGroup(of: LoadedImage.self) { group in
                for _ in 0..<50 { group.addTask { try await loader.load(url) } }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(images.count == 50)
            // Loads that began after the download finished are memory hits: still one request.
            #expect(
                images.allSatisfy {
                    ($0.origin == .network || $0.origin == .memory)
                        && $0.header == ImageHeader(format: .png, width: 4, height: 3)
                })
            #expect(server.requestCount(forPath: "/images/sample.png") == 1)
            #expect(await loader.downloadsInFlight == 0)
        }
    }

    @Test func aSecondLoadIsAMemoryHit() async throws {
        try await withFixtureServer { server in
            let loader = ImageLoader(client: newsClient())
            let url = server.baseURL + "/images/sample.jpg"
            let first = try await loader.load(url)
            let second = try await loader.load(url)
            #expect(first.origin == .network)
            #expect(second.origin == .memory)
            #expect(second.data == first.data)
            #expect(second.header == ImageHeader(format: .jpeg, width: 7, height: 5))
            #expect(second.byteCount == FixtureImages.jpeg.count)
            #expect(server.requestCount == 1)
        }
    }

    @Test func theDiskCacheSurvivesANewLoader() async throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try await withFixtureServer { server in
            let url = server.baseURL + "/images/sample.png"
            let first = try await ImageLoader(client: newsClient(), diskDirectory: directory).load(url)
            let second = try await ImageLoader(client: newsClient(), diskDirectory: directory).load(url)
            #expect(first.origin == .network)
            #expect(second.origin == .disk)
            #expect(second.data == first.data)
            #expect(server.requestCount == 1)
            let files = try FileManager.default.contentsOfDirectory(atPath: directory)
            #expect(files == [ImageDiskCache.fileName(for: url)], "one file, no temporary leftovers")
        }
    }

    @Test func aDamagedDiskFileIsDownloadedAgain() async throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try await withFixtureServer { server in
            let url = server.baseURL + "/images/sample.png"
            let cache = ImageDiskCache(directory: directory)
            #expect(cache.store(Array("<html>".utf8), for: url))
            let image = try await ImageLoader(client: newsClient(), diskDirectory: directory).load(url)
            #expect(image.origin == .network)
            #expect(cache.data(for: url) == image.data)
        }
    }

    @Test func theMemoryCacheEvictsTheLeastRecentlyUsedByBytes() async throws {
        try await withFixtureServer { server in
            // Three images of about 3 kB each; room for two.
            for name in ["a", "b", "c"] {
                server.setImage(FixtureImages.png(width: 32, height: 32), atPath: "/images/\(name).png")
            }
            let size = FixtureImages.png(width: 32, height: 32).count
            let loader = ImageLoader(client: newsClient(), memoryCapacityBytes: size * 2 + size / 2)
            let url = { (name: String) in server.baseURL + "/images/\(name).png" }
            _ = try await loader.load(url("a"))
            _ = try await loader.load(url("b"))
            #expect(try await loader.load(url("a")).origin == .memory)  // a is now the most recent
            _ = try await loader.load(url("c"))  // evicts b
            #expect(await loader.memoryURLs == [url("a"), url("c")])
            #expect(await loader.memoryBytes == size * 2)
            #expect(try await loader.load(url("a")).origin == .memory)
            #expect(try await loader.load(url("b")).origin == .network)
            #expect(server.requestCount(forPath: "/images/b.png") == 2)
        }
    }

    @Test func anImageLargerThanTheMemoryBudgetIsNotKept() {
        var cache = ImageMemoryCache(capacityBytes: 100)
        let header = ImageHeader(format: .png, width: 1, height: 1)
        cache.insert([UInt8](repeating: 0, count: 60), header: header, for: "a")
        cache.insert([UInt8](repeating: 0, count: 101), header: header, for: "big")
        #expect(cache.urls == ["a"])
        #expect(cache.totalBytes == 60)
        cache.insert([UInt8](repeating: 0, count: 50), header: header, for: "b")
        #expect(cache.urls == ["b"])
        #expect(cache.totalBytes == 50)
    }

    @Test func whenTheOnlyCallerCancelsTheDownloadIsCancelled() async throws {
        try await withFixtureServer { server in
            server.setFault(.delay(60), forPath: "/images/sample.png")
            let loader = ImageLoader(client: newsClient(timeout: 90))
            let url = server.baseURL + "/images/sample.png"
            let load = Task { try await loader.load(url) }
            while server.requestCount(forPath: "/images/sample.png") == 0 {
                try await Task.sleep(for: .milliseconds(5))
            }
            load.cancel()
            #expect(await newsError { try await load.value } == .http(.cancelled(url: url)))
            #expect(server.slowAnswersCompleted == 0, "the server would answer after 60 s")
            // The server sees the client hang up instead of waiting out its delay (bounded only
            // against a hang).
            let cancelled = ContinuousClock.now
            while server.abandonedRequestCount == 0, ContinuousClock.now - cancelled < .seconds(120) {
                try await Task.sleep(for: .milliseconds(10))
            }
            #expect(server.abandonedRequestCount == 1)
            #expect(await loader.downloadsInFlight == 0)
        }
    }

    @Test func oneCallerCancellingLeavesTheSharedDownloadToTheOthers() async throws {
        try await withFixtureServer { server in
            server.setFault(.delay(60), forPath: "/images/sample.png")
            let loader = ImageLoader(client: newsClient(timeout: 90))
            let url = server.baseURL + "/images/sample.png"
            let leaving = Task { try await loader.load(url) }
            let staying = Task { try await loader.load(url) }
            while server.requestCount(forPath: "/images/sample.png") == 0 {
                try await Task.sleep(for: .milliseconds(5))
            }
            leaving.cancel()
            #expect(await newsError { try await leaving.value } == .http(.cancelled(url: url)))
            server.releaseDelays()
            #expect(try await staying.value.origin == .network)
            #expect(server.requestCount == 1)
            #expect(server.abandonedRequestCount == 0)
        }
    }

    @Test func anHTMLPageIsNotAnImageAndIsNotCached() async throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try await withFixtureServer { server in
            let loader = ImageLoader(client: newsClient(), diskDirectory: directory)
            let url = server.baseURL + "/images/not-an-image.png"
            let error = await newsError { try await loader.load(url) }
            #expect(error == .notAnImage(detected: "text/html (starts with '<!DOCTYPE html>')", url: url))
            #expect(error?.description == "not an image: text/html (starts with '<!DOCTYPE html>') from '\(url)'")
            #expect(await loader.memoryURLs.isEmpty)
            #expect(ImageDiskCache(directory: directory).data(for: url) == nil)
            // Once the server sends a picture, the same load works.
            server.setImage(FixtureImages.png(width: 5, height: 6), atPath: "/images/not-an-image.png")
            let image = try await loader.load(url)
            #expect(image.origin == .network)
            #expect(image.header == ImageHeader(format: .png, width: 5, height: 6))
            #expect(server.requestCount == 2)
        }
    }

    @Test func httpErrorsReachEveryWaiter() async throws {
        try await withFixtureServer { server in
            server.setFault(.status(404), forPath: "/images/gone.png")
            let loader = ImageLoader(client: newsClient())
            let url = server.baseURL + "/images/gone.png"
            #expect(await newsError { try await loader.load(url) } == .http(.status(url: url, code: 404)))
        }
    }

    @Test func embeddedImagesLoadWithoutTheNetwork() async throws {
        let loader = ImageLoader(client: newsClient(timeout: 1))
        let first = try await loader.load("embedded://images/launch.png")
        #expect(first.origin == .embedded)
        #expect(first.header == ImageHeader(format: .png, width: 48, height: 32))
        #expect(try await loader.load("embedded://images/launch.png").origin == .memory)
        #expect(
            try await loader.load("embedded://images/coffee.jpg").header
                == ImageHeader(format: .jpeg, width: 60, height: 40))
    }

    @Test(arguments: [
        (
            "embedded://images/missing.png",
            "invalid url 'embedded://images/missing.png': no embedded image named 'missing.png'"
        ),
        ("ftp://x/a.png", "invalid url 'ftp://x/a.png': scheme 'ftp' is not http, https or embedded"),
        ("not a url", "invalid url 'not a url': not a url"),
    ])
    func unusableImageURLsAreOneClearError(url: String, message: String) async {
        let loader = ImageLoader(client: newsClient(timeout: 1))
        #expect(await newsError { try await loader.load(url) }?.description == message)
    }
}
