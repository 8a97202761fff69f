import ShopPluginAPI

/// `state get KEY`: the value of a key or variable.
struct StateGetCommand: SessionCommand {
    let spec = CommandSpec(
        path: ["state", "get"], abstract: "Show the value of a key or variable",
        arguments: [Self.key],
        examples: [Example("state get services.mode")])

    static let key = Argument<String>("KEY", "a state key such as services.selected", completion: .stateKeys)

    func run(_ invocation: Invocation, in session: Interpreter) throws -> CommandResult? {
        .value(try invocation.state.value(try invocation[Self.key]))
    }
}
