import ShopFormats
import ShopRendering
import ShopTestSupport
import ShopValues
import Testing

@testable import FeedPlugin

@Suite struct EmbeddedFeedTests {
    @Test("the embedded feed has seven cards with 8, 3, 2, 6, 5, 5 and 4 detail units")
    func shape() throws {
        let cards = try FeedFixtures.embeddedCards
        #expect(cards.map(\.details.count) == [8, 3, 2, 6, 5, 5, 4])
    }

    @Test("the cards are purple, green, yellow, orange, brown, blue and teal")
    func colours() throws {
        let cards = try FeedFixtures.embeddedCards
        #expect(cards.map(\.color.name) == ["purple", "green", "yellow", "orange", "brown", "blue", "teal"])
    }

    @Test("emoji include a ZWJ sequence, a variation selector, a flag, and one unit has none")
    func emojiKinds() throws {
        let cards = try FeedFixtures.embeddedCards
        let emoji = cards.map(\.emoji) + cards.flatMap(\.details).map(\.emoji)
        let present = emoji.compactMap { $0 }
        #expect(cards.allSatisfy { $0.emoji != nil })
        #expect(emoji.count - present.count == 1)
        #expect(present.contains { $0.unicodeScalars.contains("\u{200D}") })
        #expect(present.contains { $0.unicodeScalars.contains("\u{FE0F}") })
        #expect(present.contains { $0.unicodeScalars.allSatisfy { (0x1F1E6...0x1F1FF).contains($0.value) } })
        #expect(present.allSatisfy { $0.count == 1 && DisplayWidth.of($0) == 2 })
    }

    @Test("feed.units starts as the embedded feed, in the stored record shape")
    func initialState() async throws {
        let session = try TestSession(plugins: [FeedPlugin()])
        let stored = try Value(json: await session.json("feed.units"))
        #expect(stored == .list(try FeedFixtures.embeddedCards.map(\.value)))
        #expect(await session.json("feed.open") == "null")
        let first = try #require(stored.listValue?.first?.recordValue)
        #expect(first.names.names == ["title", "subtitle", "emoji", "color", "details"])
    }

    @Test("the stored cards decode back to the same cards")
    func roundTrip() throws {
        let cards = try FeedFixtures.embeddedCards
        #expect(try FeedDecoder.cards(from: .list(cards.map(\.value))) == cards)
    }
}
