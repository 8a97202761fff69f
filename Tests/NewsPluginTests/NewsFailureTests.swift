import Foundation
import HTTPArchive
import NewsPlugin
import ShopRendering
import ShopRuntime
import ShopTestSupport
import ShopValues
import Testing

/// What the commands do when a server misbehaves: one clear line, `news.*` unchanged (as
/// `state get` shows it), and the same command works once the server behaves.
@Suite struct NewsFailureTests {
    /// A session reading `server`, with page 1 loaded.
    private func loadedSession(_ server: FixtureServer, timeout: Double = 30) async throws -> TestSession {
        let shop = try newsSession()
        let printed = await shop.run("news source \(server.baseURL) --timeout \(timeout); news list | count")
        #expect(printed.hasSuffix("15\n"))
        return shop
    }

    /// Everything a server can get wrong with page 2, and the line each one prints.
    enum BadAnswer: String, CaseIterable, Sendable {
        case notFound, serverError, bodyCutInHalf, newsIsANumber, itemWithoutID, negativeTotal, totalAsString,
            notJSON, fiftyMegabytes, slowerThanTheTimeout, dripPastTheTimeout, lengthShorterThanBody,
            lengthLongerThanBody, negativeLength, badStatusLine, badChunk, redirectLoop, redirectToFile, redirectToFTP,
            gzipBomb, neverAnswers

        var fault: FixtureFault {
            switch self {
            case .notFound: .status(404)
            case .serverError: .status(500)
            case .bodyCutInHalf: .truncatedBody
            case .newsIsANumber: .wrongSchema
            case .itemWithoutID:
                .text(#"{"news":[{"id":16,"title":"a"},{"id":17,"title":"b"},{"id":18,"title":"c"},{"title":"?"}]}"#)
            case .negativeTotal: .text(pageJSON(ids: 16...30, totalCount: -1))
            case .totalAsString: .text(pageJSON(ids: 16...30, totalCount: nil).replacing(":null}", with: #":"40"}"#))
            case .notJSON: .invalidJSON
            case .fiftyMegabytes: .hugeBody(bytes: 50_000_000, bytesPerSecond: 100_000_000)
            case .slowerThanTheTimeout: .delay(60)
            case .dripPastTheTimeout: .drip(bytes: 1000, interval: 1)
            case .lengthShorterThanBody: .declaredLength(10, body: pageJSON(ids: 16...30, totalCount: 40))
            case .lengthLongerThanBody: .declaredLength(100, body: #"{"news":[]}"#)
            case .negativeLength: .negativeLength
            case .badStatusLine: .badStatusLine
            case .badChunk: .badChunk
            case .redirectLoop: .redirect(to: "/api/news/2/15")
            case .redirectToFile: .redirect(to: "file:///etc/passwd")
            case .redirectToFTP: .redirect(to: "ftp://127.0.0.1/news")
            case .gzipBomb: .gzipBomb(compressedBytes: 100_000)
            case .neverAnswers: .delay(3600)
            }
        }

        var timeout: Double {
            switch self {
            case .slowerThanTheTimeout, .neverAnswers: 0.3
            case .dripPastTheTimeout: 2
            default: 30
            }
        }

        func error(_ server: FixtureServer) -> String {
            let url = server.baseURL + "/api/news/2/15"
            let length = FixtureNews.page(2, size: 15, total: 40, baseURL: server.baseURL).count
            return switch self {
            case .notFound: "error: '\(url)' answered http 404 (not found)"
            case .serverError: "error: '\(url)' answered http 500 (internal server error)"
            case .bodyCutInHalf:
                "error: cannot load '\(url)': the connection closed after \(length / 2) of \(length) bytes"
            case .newsIsANumber: "error: malformed news response: 'news' should be a list, found a number"
            case .itemWithoutID: "error: malformed news response: 'news[3].id' is missing"
            case .negativeTotal: "error: malformed news response: 'totalCount' should not be negative, found -1"
            case .totalAsString: "error: malformed news response: 'totalCount' should be an integer, found a string"
            case .notJSON:
                #"error: malformed news response: not valid json (body starts with '{"news":[{"id":1,"title":"Cut off mid-st…')"#
            case .fiftyMegabytes: "error: '\(url)' sent more than 10 MB; the transfer was stopped"
            case .slowerThanTheTimeout, .neverAnswers: "error: '\(url)' did not finish within 0.3 s"
            case .dripPastTheTimeout: "error: '\(url)' did not finish within 2 s"
            case .lengthShorterThanBody:
                "error: malformed news response: not valid json (body starts with '{\"news\":[{')"
            case .lengthLongerThanBody: "error: cannot load '\(url)': the connection closed after 11 of 100 bytes"
            case .negativeLength: "error: malformed http response from '\(url)': invalid content-length: value"
            case .badStatusLine: "error: malformed http response from '\(url)': unsupported http version in response"
            case .badChunk:
                "error: malformed http response from '\(url)': illegal or missing hexadecimal sequence in chunked-encoding"
            case .redirectLoop: "error: '\(url)' redirected more than 5 times"
            case .redirectToFile:
                "error: redirect to 'file:' refused: only http and https are followed (from '\(url)')"
            case .redirectToFTP: "error: redirect to 'ftp:' refused: only http and https are followed (from '\(url)')"
            // The compressed bytes as they came, made inert: nothing was inflated.
            case .gzipBomb:
                "error: malformed news response: not valid json (body starts with '␟�␈␀␀␀␀␀␀�c␘␅�`␔��Q0')"
            }
        }
    }

    @Test(arguments: BadAnswer.allCases)
    func aBadPageIsOneLineLeavesTheStateAndTheSameCommandWorksAgain(_ bad: BadAnswer) async throws {
        try await withFixtureServer(newsTotalCount: 40) { server in
            let shop = try await loadedSession(server, timeout: bad.timeout)
            let before = await newsState(shop)
            server.setFault(bad.fault, forPath: "/api/news/2/15")
            let (outcome, printed) = await shop.outcome(of: "news more")
            #expect(printed == bad.error(server) + "\n")
            #expect(outcome.failures == 1)
            #expect(server.slowAnswersCompleted == 0, "a 60 s delay must not be waited out")
            #expect(await newsState(shop) == before)

            server.setFault(nil, forPath: "/api/news/2/15")
            #expect((await shop.run("news more")).hasSuffix("30 of 40 loaded · 'news more' loads the next page\n"))
            #expect(await shop.run("news list | count") == "30\n")
        }
    }

    @Test func anInvalidBaseURLChangesNothingAndAValidOneWorks() async throws {
        try await withFixtureServer { server in
            let shop = try await loadedSession(server)
            let before = await newsState(shop)
            #expect(await shop.run("news source ht!tp://x") == "error: invalid url 'ht!tp://x': not a url\n")
            #expect(await newsState(shop) == before)
            await shop.run("news source \(server.baseURL)")
            #expect(await shop.run("news list | count") == "15\n")
        }
    }

    @Test func aRefusedConnectionIsOneLineAndARetryWorksOnceTheServerIsBack() async throws {
        let closed = try ClosedPort()
        let (port, base) = (closed.port, closed.baseURL)
        let shop = try newsSession()
        await shop.run("news source \(base)")
        let before = await newsState(shop)
        #expect(await shop.run("news list") == "error: cannot load '\(base)/api/news/1/15': connection refused\n")
        #expect(await newsState(shop) == before)

        closed.release()
        let back = FixtureServer(port: port)
        try back.start()
        defer { back.stop() }
        #expect(await shop.run("news list | count") == "15\n")
    }

    @Test func idsLoadedBeforeAreNeverAddedTwice() async throws {
        try await withFixtureServer(newsTotalCount: 40) { server in
            let shop = try await loadedSession(server)
            // The feed moved on between the requests: page 2 repeats ids 14 and 15.
            server.setFault(.text(pageJSON(ids: 14...28, totalCount: 42)), forPath: "/api/news/2/15")
            let printed = await shop.run("news more")
            #expect(printed.hasPrefix("#  │ publishedDate"))
            #expect(printed.contains("\n16 │ "))
            #expect(
                printed.hasSuffix(
                    "dropped 2 news whose id was already loaded: 14, 15 · 28 of 42 loaded · 'news more' loads the next page\n"
                ))
            let ids = await shop.run("news list | get id").split(separator: "\n").compactMap { Int($0) }
            #expect(ids == Array(1...28))
        }
    }

    @Test func aShortPageEndsTheFeedWithoutAnotherRequest() async throws {
        try await withFixtureServer(newsTotalCount: 100) { server in
            let shop = try await loadedSession(server)
            server.setFault(.text(pageJSON(ids: 16...20, totalCount: 100)), forPath: "/api/news/2/15")
            #expect((await shop.run("news more")).hasSuffix("20 loaded; the source has no more\n"))
            #expect(await shop.run("news more") == "no more news from this source\n")
            #expect(server.requestedPaths == ["/api/news/1/15", "/api/news/2/15"])
        }
    }

    @Test func thePageSizeGoesIntoTheURL() async throws {
        try await withFixtureServer(newsTotalCount: 12) { server in
            let shop = try newsSession()
            await shop.run("news source \(server.baseURL)/ --page-size 5")
            #expect(
                await shop.run("news more | count; news more | count; news more | count; news more")
                    == "5\n5\n2\nall 12 news loaded\n")
            #expect(server.requestedPaths == ["/api/news/1/5", "/api/news/2/5", "/api/news/3/5"])
        }
    }

    @Test func textFromTheServerIsShownInert() async throws {
        try await withFixtureServer { server in
            let hostile = "Sale\u{1B}]0;pwned\u{07} now\u{1B}[2J!"
            let item = Value.record(
                Record([
                    "id": 1, "title": .string(hostile), "description": .string("line\u{1B}[31m red\u{9B}2J"),
                    "url": .string("https://x.example/\u{1B}]8;;evil\u{1B}\\"), "categoryType": .string("pro\u{07}mo"),
                ]))
            let body = JSONWriter.compact(.record(Record(["news": .list([item]), "totalCount": 1])))
            server.setFault(.text(body), forPath: "/api/news/1/15")
            let shop = try newsSession(style: TerminalStyle(depth: .ansi16, hyperlinks: true))
            await shop.run("news source \(server.baseURL)")
            let shown = "Sale␛]0;pwned␇ now␛[2J!"
            let list = await shop.run("news list")
            #expect(list.contains("1 │               │ pro␇mo       │ \(shown)"))
            let detail = await shop.run("news show 1")
            #expect(detail.contains(shown))
            #expect(detail.contains("line␛[31m red�2J"))
            #expect(detail.contains("\u{1B}]8;;https://x.example/%1B]8;;evil%1B\\\u{1B}\\"))
            #expect(detail.contains("https://x.example/␛]8;;evil␛\\"))
            // Only the styling sequences the view writes itself remain.
            let stripped = detail.replacing(/\u{1B}\[[0-9;]*m|\u{1B}\]8;;[!-~]*\u{1B}\\/, with: "")
            #expect(!stripped.contains("\u{1B}") && !stripped.contains("\u{07}"))
            #expect(!list.replacing(/\u{1B}\[[0-9;]*m/, with: "").contains("\u{1B}"))
            let json = await json(shop, "news show 1")
            #expect(json.contains(#"Sale\u001b]0;pwned\u0007 now\u001b[2J!"#))
            #expect(await shop.run("news open 1") == "https://x.example/%1B]8;;evil%1B\\\n")
        }
    }

    @Test func anImageURLAnsweringHTMLIsOneLineAndARetryWorks() async throws {
        try await withFixtureServer { server in
            let url = server.baseURL + "/images/not-an-image.png"
            let item = #"{"id":1,"title":"Gone","titleImageUrl":"\#(url)"}"#
            server.setResponse(
                FixtureServer.Response(
                    contentType: "application/json", body: Array(#"{"news":[\#(item)],"totalCount":1}"#.utf8)),
                forPath: "/api/news/1/15")
            let shop = try newsSession()
            await shop.run("news source \(server.baseURL); news list")
            let before = await newsState(shop)
            #expect(
                await shop.run("news image 1")
                    == "error: not an image: text/html (starts with '<!DOCTYPE html>') from '\(url)'\n")
            #expect(await newsState(shop) == before)
            server.setImage(FixtureImages.png(width: 4, height: 3), atPath: "/images/not-an-image.png")
            #expect((await shop.run("news image 1")).hasPrefix("news 1: PNG 4×3, "))
            #expect((await shop.run("news image 1")).hasSuffix(" bytes, memory hit\n"))
        }
    }
}
