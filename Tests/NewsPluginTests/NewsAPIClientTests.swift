import HTTPTransport
import NewsPlugin
import ShopPluginAPI
import ShopTestSupport
import Testing

/// What the news client adds to the transport (whose cases `CurlTransportContractTests`
/// checks): its limits, and failures worded as news errors.
@Suite struct NewsAPIClientTests {
    @Test func aResponseCarriesStatusTypeAndBody() async throws {
        try await withFixtureServer { server in
            let response = try await newsClient().get(server.baseURL + "/images/not-an-image.png")
            #expect(response.status == 200)
            #expect(response.mediaType == "text/html")
            #expect(String(decoding: response.body, as: UTF8.self).hasPrefix("<!DOCTYPE html>"))
        }
    }

    @Test func theLimitsAreFifteenSecondsAndTenMegabytes() {
        let client = NewsAPIClient(http: CurlTransport())
        #expect(client.timeout == 15)
        #expect(client.maxBodyBytes == 10 * 1024 * 1024)
    }

    @Test func aBodyOverTheLimitIsOneLine() async throws {
        try await withFixtureServer { server in
            server.setFault(.hugeBody(bytes: 50_000_000, bytesPerSecond: 100_000_000), forPath: "/big")
            let url = server.baseURL + "/big"
            let error = await newsError { try await newsClient().get(url) }
            #expect(error == .http(.oversize(url: url, limitBytes: 10 * 1024 * 1024)))
            #expect(error?.description == "'\(url)' sent more than 10 MB; the transfer was stopped")
        }
    }

    @Test func theTimeoutBoundsTheWholeRequest() async throws {
        try await withFixtureServer { server in
            // A byte every 0.2 s keeps the connection busy; the whole body would take 20 s.
            server.setFault(.drip(bytes: 100, interval: 0.2), forPath: "/drip")
            let url = server.baseURL + "/drip"
            let error = await newsError { try await newsClient(timeout: 0.5).get(url) }
            #expect(error?.description == "'\(url)' did not finish within 0.5 s")
        }
    }

    @Test func withoutLibcurlNewsSaysWhatToInstall() async {
        let client = NewsAPIClient(http: CurlTransport(library: "libcurl-not-installed.so.4"))
        let error = await newsError { try await client.get("http://127.0.0.1:1/api/news/1/15") }
        #expect(error?.description == "news needs libcurl4: apt-get install libcurl4")
    }
}
