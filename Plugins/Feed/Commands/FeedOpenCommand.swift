import ShopPluginAPI

/// `feed open N`: opens card N — sets `feed.open` and shows its detail page.
struct FeedOpenCommand: Command {
    let spec = CommandSpec(
        path: ["feed", "open"], abstract: "Open a card: its detail page",
        discussion: """
            Shows the card as a header, then every detail unit: emoji, title and the paragraph wrapped to the \
            width. At an interactive terminal the card first grows from its place in the list to the whole \
            screen (under 0.4 s; any key skips); never in scripts, tests, with --no-animation or without a \
            terminal. Sets feed.open (one undo step). The value is the card.
            """,
        arguments: [Self.number], options: [Self.noAnimation],
        examples: [Example("feed open 1"), Example("feed open 4 | get details | count", "how many units card 4 has")],
        fields: FeedCard.fieldNames.names, fieldTypes: FeedCard.fieldTypes)

    static let noAnimation = FeedTransition.skipFlag(showing: "the page")
    static let number = Argument<Int>("N", "the card's number, from 1", completion: FeedKeys.cardNumbers)

    func run(_ invocation: Invocation) async throws -> CommandResult? {
        let number = try invocation[Self.number]
        let feed = try FeedState(invocation.state)
        let card = try feed.card(number)
        if feed.openNumber != number { try invocation.state.set(FeedKeys.open, to: .some(number)) }
        FeedTransition.runIfAllowed(
            .open, card: number - 1, of: feed.cards, skipped: invocation[Self.noAnimation], invocation: invocation)
        return CommandResult(card.value, view: FeedPageView(card: card, number: number, count: feed.cards.count))
    }
}
