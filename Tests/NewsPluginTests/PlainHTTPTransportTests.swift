import Foundation
import NewsPlugin
import ShopTestSupport
import Testing

/// `http` URLs go over ``NewsAPIClient``'s own HTTP/1.1 transport: framing, redirects,
/// kept-alive connections.
@Suite struct PlainHTTPTransportTests {
    private func url(_ server: FixtureServer, _ path: String) throws -> URL {
        try #require(URL(string: server.baseURL + path))
    }

    @Test func aChunkedBodyIsJoined() async throws {
        try await withFixtureServer { server in
            server.setFault(
                .rawText(
                    "HTTP/1.1 200 OK\r\nContent-Type: Text/Plain; charset=utf-8\r\nTransfer-Encoding: chunked\r\n\r\n"
                        + "5;name=x\r\nhello\r\n6\r\n world\r\n0\r\nTrailer: yes\r\n\r\n"), forPath: "/chunked")
            let response = try await NewsAPIClient().get(try url(server, "/chunked"))
            #expect(String(decoding: response.body, as: UTF8.self) == "hello world")
            #expect(response.contentType == "text/plain")
        }
    }

    @Test func aBodyWithoutALengthEndsWithTheConnection() async throws {
        try await withFixtureServer { server in
            server.setFault(
                .rawText("HTTP/1.0 200 OK\r\nContent-Type: application/json\r\n\r\n[1,2,3]"), forPath: "/old")
            let response = try await NewsAPIClient().get(try url(server, "/old"))
            #expect(response.body == Data("[1,2,3]".utf8))
        }
    }

    @Test func interimResponsesAreSkipped() async throws {
        try await withFixtureServer { server in
            server.setFault(
                .rawText("HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok"), forPath: "/x")
            let response = try await NewsAPIClient().get(try url(server, "/x"))
            #expect(response.body == Data("ok".utf8))
        }
    }

    @Test func redirectsAreFollowed() async throws {
        try await withFixtureServer { server in
            server.setFault(
                .rawText("HTTP/1.1 301 Moved\r\nLocation: /api/news/1/2\r\nContent-Length: 0\r\n\r\n"), forPath: "/old")
            let response = try await NewsAPIClient().get(try url(server, "/old"))
            #expect(try NewsPage.decode(response.body).items.map(\.id) == [1, 2])
            #expect(response.url.absoluteString == server.baseURL + "/api/news/1/2")
            #expect(server.requestedPaths == ["/old", "/api/news/1/2"])
        }
    }

    @Test func aRedirectLoopStops() async throws {
        try await withFixtureServer { server in
            server.setFault(.rawText("HTTP/1.1 302 Found\r\nLocation: /loop\r\n\r\n"), forPath: "/loop")
            let target = try url(server, "/loop")
            #expect(
                await newsError { try await NewsAPIClient().get(target) }
                    == .transport(url: target.absoluteString, reason: "too many redirects"))
            #expect(server.requestCount(forPath: "/loop") == NewsAPIClient.maximumRedirects + 1)
        }
    }

    @Test func aResponseThatIsNotHTTPIsOneClearError() async throws {
        try await withFixtureServer { server in
            server.setFault(.rawText("SSH-2.0-OpenSSH_9.2\r\n\r\n"), forPath: "/x")
            let target = try url(server, "/x")
            #expect(
                await newsError { try await NewsAPIClient().get(target) }
                    == .transport(
                        url: target.absoluteString, reason: "the server closed the connection without a valid response")
            )
        }
    }

    @Test func oneConnectionCarriesManyRequests() async throws {
        try await withFixtureServer { server in
            let client = NewsAPIClient()
            for page in 1...5 {
                let response = try await client.get(try url(server, "/api/news/\(page)/15"))
                #expect(response.statusCode == 200)
            }
            #expect(server.acceptedConnectionCount == 1)
        }
    }

    @Test func aKeptConnectionTheServerClosedIsReplacedWithoutAnError() async throws {
        try await withFixtureServer { server in
            let client = NewsAPIClient()
            _ = try await client.get(try url(server, "/api/news/1/15"))
            // The server drops the kept connection instead of answering once.
            server.setFault(.closeWithoutReply, forPath: "/api/news/2/15", times: 1)
            #expect(try await client.get(try url(server, "/api/news/2/15")).statusCode == 200)
            #expect(server.acceptedConnectionCount == 2)
            #expect(server.requestedPaths == ["/api/news/1/15", "/api/news/2/15", "/api/news/2/15"])
        }
    }

    @Test func anErrorStatusClosesTheConnectionAndTheNextRequestOpensANewOne() async throws {
        try await withFixtureServer { server in
            let client = NewsAPIClient()
            server.setFault(.status(503), forPath: "/api/news/1/15", times: 1)
            let target = try url(server, "/api/news/1/15")
            #expect(
                await newsError { try await client.get(target) } == .httpStatus(url: target.absoluteString, code: 503))
            #expect(try await client.get(target).statusCode == 200)
            #expect(server.acceptedConnectionCount == 2)
        }
    }
}
