import ShopKit

/// The feed as the state holds it: the cards of `feed.units` and the card `feed.open` names.
struct FeedState {
    /// The key holding the list of cards.
    static let unitsKey = "feed.units"
    /// The key holding the 1-based number of the open card, or null.
    static let openKey = "feed.open"

    /// The cards, in order.
    let cards: [FeedCard]
    /// The stored list of card records, returned as the value of list views.
    let unitsValue: Value
    /// `feed.open` as stored.
    let openValue: Value
    /// The 1-based number of the open card; nil when none is open (or the number is out of range,
    /// as after `state load` of mismatched keys).
    let openNumber: Int?

    /// Reads both keys.
    init(_ state: StateAccess) throws {
        unitsValue = try state.value(Self.unitsKey)
        do {
            cards = try FeedDecoder.cards(from: unitsValue)
        } catch {
            throw FeedError.invalidState(error)
        }
        openValue = try state.value(Self.openKey)
        let cardCount = cards.count
        openNumber = openValue.intValue.flatMap { $0 >= 1 && $0 <= cardCount ? $0 : nil }
    }

    /// The card numbered `number` (1-based), or an error naming the valid range.
    func card(_ number: Int) throws(FeedError) -> FeedCard {
        guard number >= 1, number <= cards.count else { throw .noSuchCard(number, count: cards.count) }
        return cards[number - 1]
    }

    /// The initial value of `feed.units`: the embedded feed.
    static func embeddedUnits() -> Value {
        do {
            let cards = try FeedDecoder.cards(fromFile: Value(json: EmbeddedFeed.json))
            return .list(cards.map(\.value))
        } catch {
            // The embedded feed is checked by the tests; an empty list reports itself as invalid state.
            return .list([])
        }
    }

    /// Checks a `feed.units` value from `state load`.
    static func validateUnits(_ value: Value) throws(StateError) {
        do {
            _ = try FeedDecoder.cards(from: value)
        } catch {
            throw .invalidValue(key: unitsKey, reason: error.description)
        }
    }

    /// Checks a `feed.open` value from `state load`: null or a card number from 1.
    static func validateOpen(_ value: Value) throws(StateError) {
        if value.isNull { return }
        guard let number = value.intValue, number >= 1 else {
            throw .invalidValue(key: openKey, reason: "expected null or a card number from 1, got \(value.quoted)")
        }
    }
}
