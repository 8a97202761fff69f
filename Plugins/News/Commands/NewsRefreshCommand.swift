import ShopPluginAPI

/// `news refresh`: reloads page 1 in place of everything loaded.
struct NewsRefreshCommand: Command {
    let spec = CommandSpec(
        path: ["news", "refresh"], abstract: "Reload page 1 and replace the loaded news",
        examples: [Example("news refresh")], fields: NewsItem.fieldNames.names, fieldTypes: NewsItem.fieldTypes)

    func run(_ invocation: Invocation) async throws -> CommandResult? {
        let context = NewsContext(invocation)
        let (result, feed) = try await context.refresh(try context.feed())
        var dropped: [Int] = []
        if case .loaded(_, _, let ids) = result { dropped = ids }
        return CommandResult(
            try invocation.state.value(NewsKeys.items.name),
            view: NewsListView(feed.items, clock: invocation.environment.clock, feed: feed, dropped: dropped))
    }
}
