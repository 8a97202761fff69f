import Foundation
import NewsPlugin
import ShopPluginAPI
import Testing

@Suite struct EmbeddedNewsTests {
    private func allItems() async throws -> [NewsItem] {
        let repository = NewsRepository(fetcher: EmbeddedNewsFetcher(pageSize: 100))
        _ = try await repository.loadNext()
        return Array(await repository.state.items)
    }

    @Test func theSnapshotHasAtLeastFortyDistinctItems() async throws {
        let items = try await allItems()
        #expect(items.count >= 40)
        #expect(items.count == EmbeddedNews.count)
        #expect(Set(items.map(\.id)).count == items.count)
    }

    @Test func pagesComeThroughTheSameDecodingAsHTTP() async throws {
        let body = EmbeddedNews.pageJSON(page: 2, pageSize: 15)
        let page = try NewsPage.decode(body)
        #expect(page.items.count == 15)
        #expect(page.totalCount == EmbeddedNews.count)
        #expect(try await EmbeddedNewsFetcher().fetchPage(2) == page)
    }

    @Test(arguments: [0, -1, 4, 1_000_000, Int.max])
    func pagesOutsideTheSnapshotAreEmpty(page: Int) throws {
        let decoded = try NewsPage.decode(EmbeddedNews.pageJSON(page: page, pageSize: 15))
        #expect(decoded.items.isEmpty)
        #expect(decoded.totalCount == EmbeddedNews.count)
    }

    @Test func paginationStopsAtTheEndOfTheSnapshot() async throws {
        let repository = NewsRepository(fetcher: EmbeddedNewsFetcher())
        #expect(try await repository.loadNext() == .loaded(page: 1, added: 15, dropped: []))
        #expect(try await repository.loadNext() == .loaded(page: 2, added: 15, dropped: []))
        #expect(try await repository.loadNext() == .loaded(page: 3, added: EmbeddedNews.count - 30, dropped: []))
        #expect(try await repository.loadNext() == .stopped(.reachedTotal(EmbeddedNews.count)))
        let state = await repository.state
        #expect(state.source == "embedded")
        #expect(state.exhausted)
    }

    @Test func theSnapshotHasTheQuirksOfARealFeed() async throws {
        let items = try await allItems()
        #expect(items.contains { $0.titleImageUrl == nil })
        #expect(items.contains { $0.url?.contains(" ") == true })
        #expect(items.contains { $0.description?.hasSuffix("  ") == true })
        #expect(items.contains { $0.description == nil })
        #expect(items.contains { $0.fullUrl == nil })
        #expect(Set(items.compactMap(\.categoryType)).count >= 5)
        let dates = items.compactMap(\.publishedDate)
        #expect(dates.count == items.count)
        #expect(dates == dates.sorted(by: >), "newest first")
        let today = try #require(NewsDate(parsing: "2026-01-15T10:00:00"))
        let labels = Set(dates.map { $0.dayLabel(today: today) })
        #expect(labels.contains("Today"))
        #expect(labels.contains("Yesterday"))
        #expect(labels.contains("13 Jan 2026"))
    }

    @Test func everyEmbeddedImageURLIsAValidImage() async throws {
        let urls = Set(try await allItems().compactMap(\.titleImageUrl))
        #expect(urls.count == EmbeddedImages.names.count)
        for url in urls {
            let parsed = try WebURL(parsing: url)
            let data = try #require(EmbeddedImages.bytes(at: parsed))
            let header = try ImageHeader(parsing: data)
            #expect([.png, .jpeg].contains(header.format))
            #expect(url.hasSuffix(header.format == .png ? ".png" : ".jpg"))
        }
    }
}
