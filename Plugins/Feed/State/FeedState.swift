import ShopPluginAPI

/// The feed as the state holds it: the cards of `feed.units` and the card `feed.open` names.
struct FeedState {
    /// The cards, in order.
    let cards: [FeedCard]
    /// The stored list of card records, returned as the value of list views.
    let unitsValue: Value
    /// The 1-based number of the open card; nil when none is open.
    let openNumber: Int?

    /// Reads both keys.
    init(_ state: StateAccess) throws {
        cards = try state[FeedKeys.cards]
        unitsValue = try state.value(FeedKeys.cards.name)
        openNumber = try state[FeedKeys.open]
    }

    /// The card numbered `number` (1-based), or an error naming the valid range.
    func card(_ number: Int) throws(FeedError) -> FeedCard {
        guard number >= 1, number <= cards.count else { throw .noSuchCard(number, count: cards.count) }
        return cards[number - 1]
    }
}
