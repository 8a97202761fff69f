import ShopFormats
import ShopPluginAPI

/// The feed plugin's state keys: the cards and the open card's number, each decoded once
/// per change and kept with its value.
enum FeedKeys {
    /// `feed.units`: the cards, the embedded feed until `feed load`.
    static let cards = StateKey<[FeedCard]>(
        "feed.units", abstract: "the cards: {title, subtitle, emoji, color, details}", type: .list(of: .record),
        initial: embeddedCards(),
        decode: { value, _ throws(StateError) in
            do throws(FeedDataError) {
                return try FeedDecoder.cards(from: value)
            } catch {
                throw .invalidValue(key: "feed.units", reason: error.description)
            }
        },
        encode: { .list($0.map(\.value)) })

    /// `feed.open`: the open card's number from 1, or null; it must name a card of `feed.units`.
    static let open = StateKey<Int?>(
        "feed.open", abstract: "the open card's number (from 1), or null", type: .optional(.int), initial: nil,
        decode: { value, state throws(StateError) in
            if value.isNull { return nil }
            guard let number = value.intValue, number >= 1 else {
                throw .invalidValue(
                    key: "feed.open", reason: "expected null or a card number from 1, got \(value.quoted)")
            }
            let count = try state.model(FeedKeys.cards).count
            guard number <= count else {
                throw .invalidValue(
                    key: "feed.open", reason: "expected null or a card number from 1 to \(count), got \(number)")
            }
            return number
        },
        encode: { Value($0) })

    /// Tab completion for card numbers: 1 to the number of cards, in order.
    static let cardNumbers = CompletionSource.custom { request in
        let count = request.state.model(FeedKeys.cards)?.count ?? 0
        return count > 0 ? (1...count).map(String.init) : []
    }

    /// The embedded feed's cards.
    private static func embeddedCards() -> [FeedCard] {
        // The embedded feed is checked by the tests; an empty list reports itself as invalid state.
        (try? FeedDecoder.cards(fromFile: Value(json: EmbeddedFeed.json))) ?? []
    }
}
