/// `state get KEY`: the value of a key or variable.
struct StateGetCommand: Command {
    let spec = CommandSpec(
        path: ["state", "get"], abstract: "Show the value of a key or variable",
        arguments: [ArgumentSpec("KEY", "a state key such as services.selected", completion: .stateKeys)],
        examples: [Example("state get services.mode")])

    func run(_ invocation: Invocation) async throws -> CommandResult? {
        .value(try invocation.state.value(invocation.arguments.text("KEY") ?? ""))
    }
}
