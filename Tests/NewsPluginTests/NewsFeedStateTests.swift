import NewsPlugin
import ShopLanguage
import ShopValues
import Testing

@Suite struct NewsFeedStateTests {
    private func items(_ ids: ClosedRange<Int>) -> [NewsItem] {
        ids.map { NewsItem(id: $0, title: "Item \($0)") }
    }

    @Test func aFreshFeedFetchesPageOne() {
        #expect(NewsFeedState(source: "embedded").nextStep(pageSize: 15) == .fetch(page: 1))
    }

    @Test func fullPagesAppendAndAskForTheNextPage() {
        let state = NewsFeedState(source: "s")
            .appending(NewsPage(items: items(1...3), totalCount: 10), asPage: 1, pageSize: 3).state
        #expect(state.items.map(\.id) == [1, 2, 3])
        #expect(state.page == 1)
        #expect(state.total == 10)
        #expect(!state.exhausted)
        #expect(state.nextStep(pageSize: 3) == .fetch(page: 2))
    }

    @Test func reachingTotalCountStops() {
        let state = NewsFeedState(source: "s")
            .appending(NewsPage(items: items(1...3), totalCount: 3), asPage: 1, pageSize: 3).state
        #expect(state.exhausted)
        #expect(state.nextStep(pageSize: 3) == .stop(.reachedTotal(3)))
    }

    @Test func aShortPageStopsEvenBelowTotalCount() {
        let state = NewsFeedState(source: "s")
            .appending(NewsPage(items: items(1...2), totalCount: 100), asPage: 1, pageSize: 3).state
        #expect(state.exhausted)
        #expect(state.nextStep(pageSize: 3) == .stop(.sourceExhausted))
    }

    @Test func anEmptyPageStops() {
        let first = NewsFeedState(source: "s")
            .appending(NewsPage(items: items(1...3), totalCount: nil), asPage: 1, pageSize: 3).state
        let second = first.appending(NewsPage(items: [], totalCount: nil), asPage: 2, pageSize: 3)
        #expect(second.added == 0)
        #expect(second.state.exhausted)
        #expect(second.state.items == first.items)
        #expect(second.state.nextStep(pageSize: 3) == .stop(.sourceExhausted))
    }

    @Test func duplicateIdsAreDroppedAcrossAndWithinPages() {
        let first = NewsFeedState(source: "s")
            .appending(NewsPage(items: items(1...3), totalCount: 9), asPage: 1, pageSize: 3).state
        let update = first.appending(
            NewsPage(
                items: [
                    NewsItem(id: 3, title: "again"), NewsItem(id: 4, title: "four"), NewsItem(id: 4, title: "twice"),
                ], totalCount: 9),
            asPage: 2, pageSize: 3)
        #expect(update.added == 1)
        #expect(update.dropped == [3, 4])
        #expect(update.state.items.map(\.id) == [1, 2, 3, 4])
        #expect(update.state.items[2].title == "Item 3")
        #expect(update.state.nextStep(pageSize: 3) == .fetch(page: 3))
    }

    @Test func refreshReplacesEverythingWithPageOne() {
        let loaded = NewsFeedState(items: GrowingList(items(1...6)), page: 2, total: 6, exhausted: true, source: "s")
        let refreshed = loaded.replacing(with: NewsPage(items: items(10...12), totalCount: 30), pageSize: 3).state
        #expect(
            refreshed
                == NewsFeedState(items: GrowingList(items(10...12)), page: 1, total: 30, exhausted: false, source: "s"))
    }

    @Test func aPageWithoutTotalCountKeepsTheKnownTotal() {
        let first = NewsFeedState(source: "s")
            .appending(NewsPage(items: items(1...3), totalCount: 9), asPage: 1, pageSize: 3).state
        let second = first.appending(NewsPage(items: items(4...6), totalCount: nil), asPage: 2, pageSize: 3).state
        #expect(second.total == 9)
    }

    @Test func stopReasonsReadAsMessages() {
        #expect(NewsStopReason.reachedTotal(42).description == "all 42 news loaded")
        #expect(NewsStopReason.sourceExhausted.description == "no more news from this source")
    }
}
