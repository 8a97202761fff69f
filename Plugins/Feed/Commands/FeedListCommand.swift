import ShopPluginAPI

/// `feed list`: the date header, `Today`, and every card.
struct FeedListCommand: Command {
    let spec = CommandSpec(
        path: ["feed", "list"], abstract: "Show the Today feed: the date, then every card",
        discussion: """
            Cards show their subtitle, bold title and emoji on their colour (24-bit, 256 or 16 colours as the \
            terminal allows; outlined without colour). One column on a narrow terminal, two from 100 columns. \
            'feed' alone shows the same while no card is open. The value is the list of cards, for pipelines \
            and --format json.
            """,
        examples: [
            Example("feed list"),
            Example("feed list | get title", "every title"),
            Example("feed list | where color == teal | get title", "the teal card's title"),
        ],
        fields: FeedCard.fieldNames.names, fieldTypes: FeedCard.fieldTypes)

    func run(_ invocation: Invocation) async throws -> CommandResult? {
        let feed = try FeedState(invocation.state)
        return CommandResult(
            feed.unitsValue, view: FeedListView(cards: feed.cards, date: invocation.environment.clock.today))
    }
}
