import ShopPluginAPI

/// `services toggle ID`: selects a service, or deselects it when it is selected — a tap on its card.
struct ServicesToggleCommand: Command {
    let spec = CommandSpec(
        path: ["services", "toggle"], abstract: "Select a service, or deselect it if selected",
        arguments: [ServiceReference.argument],
        examples: [Example("services toggle laundry"), Example("services toggle 3; services toggle 3")])

    func run(_ invocation: Invocation) async throws -> CommandResult? {
        try SelectionUpdate(invocation: invocation).toggle()
        return nil
    }
}
