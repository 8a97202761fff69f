import ShopKit

/// `news show N`: one news in full.
struct NewsShowCommand: Command {
    let spec = CommandSpec(
        path: ["news", "show"], abstract: "Show one news: title, date, category, description, link",
        discussion: "N is the number 'news list' shows. On a terminal the link is a clickable hyperlink.",
        arguments: [ArgumentSpec("N", "the news number", kind: .integer, completion: NewsContext.numbers)],
        examples: [Example("news show 1")])

    func run(_ invocation: Invocation) async throws -> CommandResult? {
        let context = NewsContext(invocation)
        let number = invocation.arguments.int("N") ?? 0
        let item = try context.item(number, in: try await context.loadedFeed())
        return CommandResult(item.value, view: NewsDetailView(number: number, item: item, today: context.today))
    }
}
