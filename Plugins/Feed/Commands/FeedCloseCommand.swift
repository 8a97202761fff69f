import ShopPluginAPI

/// `feed close`: closes the open card and shows the feed again.
struct FeedCloseCommand: Command {
    let spec = CommandSpec(
        path: ["feed", "close"], abstract: "Close the open card and return to the feed",
        discussion: """
            Sets feed.open to null (one undo step) and shows the feed list. At an interactive terminal the \
            page first shrinks back to the card's place (under 0.4 s; any key skips). With no card open this \
            is an error and nothing changes.
            """,
        options: [Self.noAnimation],
        examples: [Example("feed open 3; feed close")], fields: FeedCard.fieldNames.names,
        fieldTypes: FeedCard.fieldTypes)

    static let noAnimation = FeedTransition.skipFlag(showing: "the feed")

    func run(_ invocation: Invocation) async throws -> CommandResult? {
        let feed = try FeedState(invocation.state)
        guard let number = feed.openNumber else { throw FeedError.nothingOpen }
        try invocation.state.set(FeedKeys.open, to: nil)
        FeedTransition.runIfAllowed(
            .close, card: number - 1, of: feed.cards, skipped: invocation[Self.noAnimation], invocation: invocation)
        return CommandResult(
            feed.unitsValue, view: FeedListView(cards: feed.cards, date: invocation.environment.clock.today))
    }
}
