import ShopPluginAPI

/// `feed show`, also bare `feed`: what is on screen now — the open card's page, else the list.
struct FeedShowCommand: Command {
    let spec = CommandSpec(
        path: ["feed", "show"], abstract: "Show the open card, or the feed if none is open",
        discussion: """
            This is what 'feed' alone runs: the feed list while no card is open (like 'feed list'), the open \
            card's detail page while one is (like 'feed open N', without the animation). Its value is the \
            list of cards or the open card.
            """,
        examples: [Example("feed show"), Example("feed open 2; feed show", "the page of card 2")],
        fields: FeedCard.fieldNames.names, fieldTypes: FeedCard.fieldTypes)

    func run(_ invocation: Invocation) async throws -> CommandResult? {
        let feed = try FeedState(invocation.state)
        if let number = feed.openNumber {
            let card = try feed.card(number)
            return CommandResult(card.value, view: FeedPageView(card: card, number: number, count: feed.cards.count))
        }
        return CommandResult(
            feed.unitsValue, view: FeedListView(cards: feed.cards, date: invocation.environment.clock.today))
    }
}
