import ShopPluginAPI

/// `news open N`: opens the full article in a browser, or prints its link outside a terminal.
struct NewsOpenCommand: Command {
    let spec = CommandSpec(
        path: ["news", "open"], abstract: "Open the full article in the browser ($BROWSER or xdg-open)",
        discussion: """
            At an interactive terminal, starts the first program of $BROWSER (else xdg-open) on the \
            article's fullUrl (else its url). In scripts, tests and pipes nothing is started: the \
            link is printed instead. Only http and https links are opened.
            """,
        arguments: [Self.number], examples: [Example("news open 1", "prints the link outside a terminal")])

    static let number = NewsContext.number(Int.self)

    func run(_ invocation: Invocation) async throws -> CommandResult? {
        let context = NewsContext(invocation)
        let number = try invocation[Self.number]
        let item = try context.item(number, in: try await context.loadedFeed())
        guard let link = item.fullUrl ?? item.url else { throw NewsCommandError.noLink(number: number) }
        guard let target = NewsText.linkTarget(link) else {
            throw NewsCommandError.notOpenable(url: NewsText.inert(link))
        }
        let environment = invocation.environment
        guard environment.isInteractive else { return .value(.string(target)) }
        let program = try BrowserLauncher(variables: environment.variables).open(target)
        invocation.console.message("opening \(target) with \(program)")
        return nil
    }
}
