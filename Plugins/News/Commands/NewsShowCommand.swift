import ShopPluginAPI

/// `news show N`: one news in full.
struct NewsShowCommand: Command {
    let spec = CommandSpec(
        path: ["news", "show"], abstract: "Show one news: title, date, category, description, link",
        discussion: "N is the number 'news list' shows. On a terminal the link is a clickable hyperlink.",
        arguments: [Self.number], examples: [Example("news show 1")], fields: NewsItem.fieldNames.names,
        fieldTypes: NewsItem.fieldTypes)

    static let number = NewsContext.number(Int.self)

    func run(_ invocation: Invocation) async throws -> CommandResult? {
        let context = NewsContext(invocation)
        let number = try invocation[Self.number]
        let item = try context.item(number, in: try await context.loadedFeed())
        return CommandResult(item.value, view: NewsDetailView(number: number, item: item, today: context.today))
    }
}
