import ShopPluginAPI

/// `services select ID`: selects a service (in single mode, instead of the one selected).
struct ServicesSelectCommand: Command {
    let spec = CommandSpec(
        path: ["services", "select"], abstract: "Select a service by id or position",
        discussion:
            "In single mode (the default) the new choice replaces the old one; in multi mode it is added. "
            + "An id is looked up first, then a position: 'services select 2' is the second card unless "
            + "a service has the id '2'. 'undo' restores the previous selection.",
        arguments: [ServiceReference.argument],
        examples: [
            Example("services select windows"),
            Example("services mode multi; services select 1; services select 2", "two services"),
        ])

    func run(_ invocation: Invocation) async throws -> CommandResult? {
        try SelectionUpdate(invocation: invocation).select()
        return nil
    }
}
