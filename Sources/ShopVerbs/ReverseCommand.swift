import ShopPluginAPI

/// `reverse`: the items of a list in reverse order.
struct ReverseCommand: Command {
    let spec = CommandSpec(
        path: ["reverse"], abstract: "Reverse the order of a list",
        examples: [Example("services list | get title | reverse")], input: .required, resultFields: .input)

    func run(_ invocation: Invocation) throws -> CommandResult? {
        .value(.list(try invocation.requireListInput().reversed()))
    }
}
