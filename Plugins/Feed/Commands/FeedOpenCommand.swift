import ShopKit

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
        arguments: [ArgumentSpec("N", "the card's number, from 1", kind: .integer, completion: CardNumbers.completion)],
        options: [OptionSpec(flag: FeedTransition.flag, "show the page at once, without the transition")],
        examples: [Example("feed open 1"), Example("feed open 4 | get details | count", "how many units card 4 has")])

    func run(_ invocation: Invocation) async throws -> CommandResult? {
        let number = invocation.arguments.int("N") ?? 0
        let feed = try FeedState(invocation.state)
        let card = try feed.card(number)
        if feed.openValue != .int(number) {
            try invocation.state.set(FeedState.openKey, to: .int(number))
        }
        FeedTransition.runIfAllowed(.open, card: number - 1, of: feed.cards, invocation: invocation)
        return CommandResult(card.value, view: FeedPageView(card: card, number: number, count: feed.cards.count))
    }
}
