import ShopKit

/// `feed close`: closes the open card and shows the feed again.
struct FeedCloseCommand: Command {
    let spec = CommandSpec(
        path: ["feed", "close"], abstract: "Close the open card and return to the feed",
        discussion: """
            Sets feed.open to null (one undo step) and shows the feed list. At an interactive terminal the \
            page first shrinks back to the card's place (under 0.4 s; any key skips). With no card open this \
            is an error and nothing changes.
            """,
        options: [OptionSpec(flag: FeedTransition.flag, "show the feed at once, without the transition")],
        examples: [Example("feed open 3; feed close")])

    func run(_ invocation: Invocation) async throws -> CommandResult? {
        let feed = try FeedState(invocation.state)
        guard !feed.openValue.isNull else { throw FeedError.nothingOpen }
        try invocation.state.set(FeedState.openKey, to: .null)
        if let number = feed.openNumber {
            FeedTransition.runIfAllowed(.close, card: number - 1, of: feed.cards, invocation: invocation)
        }
        return CommandResult(
            feed.unitsValue, view: FeedListView(cards: feed.cards, date: invocation.environment.clock.today))
    }
}
