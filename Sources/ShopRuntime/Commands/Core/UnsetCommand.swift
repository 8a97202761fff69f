import ShopPluginAPI
import ShopState

/// `unset NAME`: removes a user variable.
struct UnsetCommand: SessionCommand {
    let spec = CommandSpec(
        path: ["unset"], abstract: "Remove a variable",
        arguments: [Self.name],
        examples: [Example("set x 1; unset x")])

    static let name = Argument<String>("NAME", "a variable set with 'set'", completion: .variables)

    func run(_ invocation: Invocation, in session: Interpreter) throws -> CommandResult? {
        try session.store.unsetVariable(try invocation[Self.name])
        return nil
    }
}
