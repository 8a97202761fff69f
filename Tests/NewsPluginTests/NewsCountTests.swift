import ShopTestSupport
import Testing

@testable import NewsPlugin

/// Every count a news command prints agrees with `news.items`, whatever the server claims.
@Suite struct NewsCountTests {
    @Test func aTotalCountBelowTheItemsSentNeverContradictsTheItems() async throws {
        try await withFixtureServer { server in
            server.setFault(.text(pageJSON(ids: 1...15, totalCount: 0)), forPath: "/api/news/1/15")
            let shop = try newsSession()
            await shop.run("news source \(server.baseURL)")
            #expect((await shop.run("news list")).hasSuffix("\nall 15 loaded\n"))
            #expect(await shop.run("news more") == "all 15 news loaded\n")
            #expect(await shop.run("news list | count") == "15\n")
            #expect(server.requestedPaths == ["/api/news/1/15"])
        }
    }

    @Test func aPageRepeatingOneIdSaysWhatWasDropped() async throws {
        try await withFixtureServer { server in
            server.setFault(
                .text(pageJSON(ids: Array(repeating: 7, count: 15), totalCount: 40)), forPath: "/api/news/1/15")
            let shop = try newsSession()
            await shop.run("news source \(server.baseURL)")
            let printed = await shop.run("news list")
            #expect(printed.contains("\n1 │ "))
            #expect(
                printed.hasSuffix(
                    "\ndropped 14 news whose id was already loaded: 7 ×14 · 1 of 40 loaded · 'news more' loads the next page\n"
                ))
            #expect(await shop.run("news list | count") == "1\n")
        }
    }

    @Test func manyDroppedIdsAreListedShort() {
        let text = "dropped 8 news whose id was already loaded: 1, 2, 3, 4, 5, … (3 more)"
        let feed = NewsFeedState(source: "embedded")
        #expect(NewsListView.status(of: feed, dropped: Array(1...8)).hasPrefix(text))
    }

    @Test func switchingTheSourceKeepsThePageSizeUnlessGiven() async throws {
        try await withFixtureServer { server in
            let shop = try newsSession()
            #expect(
                await shop.run("news source embedded --page-size 5; news source \(server.baseURL)")
                    == "news source: embedded (5 per page); nothing loaded yet\n"
                    + "news source: \(server.baseURL) (5 per page, timeout 15 s); nothing loaded yet\n")
            #expect(await shop.run("news list | count") == "5\n")
            #expect(server.requestedPaths == ["/api/news/1/5"])
            #expect(
                await shop.run("news source \(server.baseURL) --page-size 7")
                    == "news source: \(server.baseURL) (7 per page, timeout 15 s); nothing loaded yet\n")
        }
    }
}
