import ShopPluginAPI

/// `services list`: the catalog as a grid of cards; its value is the list of item records.
struct ServicesListCommand: Command {
    let spec = CommandSpec(
        path: ["services", "list"], abstract: "Show the catalog as cards; selected ones are marked ✓",
        discussion:
            "The cards fill the width: one column on a narrow terminal, three at 80 columns. Each shows its "
            + "position, icon, title, price and id. The result is the list of services, so it can be filtered: "
            + "'services list | where price < 1000 | sort price'. A large catalog shows its first "
            + "\(CardGridView.cardLimit) cards. Typing 'services' alone does the same.",
        examples: [
            Example("services list"),
            Example("services list | where price < 1000 | sort price", "the cheaper ones, cheapest first"),
        ], fields: Service.fieldNames.names, fieldTypes: Service.fieldTypes)

    func run(_ invocation: Invocation) async throws -> CommandResult? {
        let state = ServicesState(invocation)
        let index = try state.index()
        let view = CardGridView(index: index, selection: try state.selection(), info: try state.catalogInfo())
        return CommandResult(.list(index.items), view: view)
    }
}
