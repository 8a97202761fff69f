import ShopKit

/// `services toggle ID`: selects a service, or deselects it when it is selected — a tap on its card.
struct ServicesToggleCommand: Command {
    let context: ServicesContext
    let spec: CommandSpec

    init(context: ServicesContext) {
        self.context = context
        spec = CommandSpec(
            path: ["services", "toggle"], abstract: "Select a service, or deselect it if selected",
            arguments: [context.idArgument],
            examples: [Example("services toggle laundry"), Example("services toggle 3; services toggle 3")])
    }

    func run(_ invocation: Invocation) async throws -> CommandResult? {
        try SelectionUpdate(invocation: invocation, context: context).toggle()
        return nil
    }
}
