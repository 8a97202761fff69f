import ShopPluginAPI

/// `count`: how many items a list has; anything else is an error.
struct CountCommand: Command {
    let spec = CommandSpec(
        path: ["count"], abstract: "Count the items of a list",
        discussion: "Only lists are counted: a string, a record or null is an error.",
        examples: [Example("services list | count")], input: .required)

    func run(_ invocation: Invocation) throws -> CommandResult? {
        .value(.int(try invocation.requireListInput().count))
    }
}
