import ShopPluginAPI

/// `page`: the input through the pager at the interactive prompt; passed through elsewhere.
struct PageCommand: Command {
    /// How wide tables are drawn for the pager, which scrolls sideways (`less -S`).
    static let tableWidth = 4096

    let spec = CommandSpec(
        path: ["page"], abstract: "Show the input through the pager ($PAGER, else less)",
        discussion: """
            At the interactive prompt the input goes to $PAGER (default less -FRX, with -S for tables so wide \
            rows scroll sideways instead of being cut); q or Ctrl-C returns to the prompt. In scripts, tests and \
            demos the input passes through and is shown as usual.
            """,
        examples: [Example("news list | page"), Example("services list | to json | page")],
        input: .required, resultFields: .input)

    func run(_ invocation: Invocation) throws -> CommandResult? {
        let input = try invocation.requireInput()
        guard let screen = invocation.console.screen else { return .value(input) }
        let isTable: Bool
        switch input {
        case .list(let items): isTable = items.first?.recordValue != nil
        default: isTable = false
        }
        var context = invocation.renderContext
        if isTable { context.width = Self.tableWidth }
        screen.page(ValueRenderer.render(input, in: context), chopsLongLines: isTable)
        return nil
    }
}
