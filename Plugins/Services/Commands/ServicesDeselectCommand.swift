import ShopKit

/// `services deselect ID`: removes a service from the selection.
struct ServicesDeselectCommand: Command {
    let context: ServicesContext
    let spec: CommandSpec

    init(context: ServicesContext) {
        self.context = context
        spec = CommandSpec(
            path: ["services", "deselect"], abstract: "Remove a service from the selection",
            arguments: [context.idArgument],
            examples: [Example("services select 2; services deselect 2")])
    }

    func run(_ invocation: Invocation) async throws -> CommandResult? {
        try SelectionUpdate(invocation: invocation, context: context).deselect()
        return nil
    }
}
