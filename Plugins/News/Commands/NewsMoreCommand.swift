import ShopPluginAPI

/// `news more`: loads the next page and shows the news it added.
struct NewsMoreCommand: Command {
    let spec = CommandSpec(
        path: ["news", "more"], abstract: "Load the next page of news and show what it added",
        discussion: """
            Stops without a request, with a message, once every news is loaded: the loaded count \
            reached totalCount, or the last page was shorter than the page size or empty. News \
            already loaded are never added twice. A second load while one is running is refused.
            """,
        examples: [Example("news more"), Example("news more; news more; news more", "up to the end")],
        fields: NewsItem.fieldNames.names, fieldTypes: NewsItem.fieldTypes)

    func run(_ invocation: Invocation) async throws -> CommandResult? {
        let context = NewsContext(invocation)
        let (result, feed) = try await context.loadNext(after: context.feed())
        switch result {
        case .stopped(let reason):
            invocation.console.message(reason.description)
            return nil
        case .loaded(_, let added, let dropped):
            let new = feed.items.suffix(added)
            return CommandResult(
                .list(new.map(\.value)),
                view: NewsListView(
                    new, firstNumber: feed.items.count - added + 1, clock: invocation.environment.clock, feed: feed,
                    dropped: dropped))
        }
    }
}
