import ShopKit

/// Tab completion for card numbers: 1 to the number of cards in `feed.units`.
enum CardNumbers {
    static let completion = CompletionSource.custom { request in
        let count = request.state[FeedState.unitsKey]?.listValue?.count ?? 0
        return count > 0 ? (1...count).map(String.init) : []
    }
}
