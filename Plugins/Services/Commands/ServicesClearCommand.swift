import ShopPluginAPI

/// `services clear`: deselects everything.
struct ServicesClearCommand: Command {
    let spec = CommandSpec(
        path: ["services", "clear"], abstract: "Deselect every service",
        examples: [Example("services select 1; services clear")])

    func run(_ invocation: Invocation) async throws -> CommandResult? {
        let state = ServicesState(invocation)
        let previous = try state.selection()
        var selection = previous
        switch selection.clear() {
        case 0:
            invocation.console.message("nothing was selected")
        case let count:
            try state.write(selection, over: previous)
            invocation.console.message("cleared the selection (\(count) \(count == 1 ? "service" : "services"))")
        }
        return nil
    }
}
