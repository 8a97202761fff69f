import ShopPluginAPI

/// `set NAME VALUE`: sets a user variable (or to the pipeline's input).
struct SetCommand: SessionCommand {
    let spec = CommandSpec(
        path: ["set"], abstract: "Set a variable",
        discussion: "Without VALUE the variable takes the pipeline's input: 'services list | count | set n'.",
        arguments: [Self.name, Self.value],
        examples: [Example("set budget 2000"), Example("set budget 2000; set greeting \"hello $budget\"")],
        input: .optional)

    static let name = Argument<String>("NAME", "letters, digits and '_'", completion: .variables)
    static let value = Argument<Value?>("VALUE", "any value; the pipeline's input when left out")

    func run(_ invocation: Invocation, in session: Interpreter) throws -> CommandResult? {
        // Its words read by position, not through the typed read, whose generic path costs a
        // command that every loop and replayed line runs more than the rest of its work.
        let name = invocation.arguments.firstWord(ofArgumentAt: 0)?.text ?? ""
        guard let value = invocation.arguments.firstWord(ofArgumentAt: 1)?.value ?? invocation.input else {
            throw CommandError.failed(
                "set: no VALUE and no input: give a value, or use it after '|' as in '… | set \(name)' (usage: \(spec.usage))"
            )
        }
        try session.assign(name, to: value)
        return nil
    }
}
