import ShopPluginAPI

/// `to json`: the input as JSON text.
struct ToJSONCommand: Command {
    let spec = CommandSpec(
        path: ["to", "json"], abstract: "Turn the input into JSON text",
        examples: [Example("services list | take 1 | to json")], input: .required)

    func run(_ invocation: Invocation) throws -> CommandResult? {
        .value(.string(JSONWriter.pretty(try invocation.requireInput())))
    }
}
