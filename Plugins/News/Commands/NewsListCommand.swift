import ShopPluginAPI

/// `news list` (also bare `news`): the loaded news, after loading page 1 when nothing is loaded.
struct NewsListCommand: Command {
    let spec = CommandSpec(
        path: ["news", "list"], abstract: "List the loaded news (loads page 1 first when none are)",
        discussion: """
            Shows number, date (Today, Yesterday or 14 Jan 2026), category and title of every loaded \
            news. The result is the list of news records, as news.items holds them, for pipelines: \
            news list | where categoryType == promo.
            """,
        examples: [
            Example("news list"),
            Example("news list | where categoryType == promo | get title", "titles of the promotions"),
        ], fields: NewsItem.fieldNames.names, fieldTypes: NewsItem.fieldTypes)

    func run(_ invocation: Invocation) async throws -> CommandResult? {
        let context = NewsContext(invocation)
        let (feed, dropped) = try await context.loadedFeedWithDrops()
        return CommandResult(
            try invocation.state.value(NewsKeys.items.name),
            view: NewsListView(feed.items, clock: invocation.environment.clock, feed: feed, dropped: dropped))
    }
}
