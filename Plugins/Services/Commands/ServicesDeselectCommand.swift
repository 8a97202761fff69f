import ShopPluginAPI

/// `services deselect ID`: removes a service from the selection.
struct ServicesDeselectCommand: Command {
    let spec = CommandSpec(
        path: ["services", "deselect"], abstract: "Remove a service from the selection",
        arguments: [ServiceReference.argument],
        examples: [Example("services select 2; services deselect 2")])

    func run(_ invocation: Invocation) async throws -> CommandResult? {
        try SelectionUpdate(invocation: invocation).deselect()
        return nil
    }
}
