/// `unset NAME`: removes a user variable.
struct UnsetCommand: Command {
    let spec = CommandSpec(
        path: ["unset"], abstract: "Remove a variable",
        arguments: [ArgumentSpec("NAME", "a variable set with 'set'", completion: .variables)],
        examples: [Example("set x 1; unset x")])

    func run(_ invocation: Invocation) async throws -> CommandResult? {
        try invocation.interpreter.store.unsetVariable(invocation.arguments.text("NAME") ?? "")
        return nil
    }
}
