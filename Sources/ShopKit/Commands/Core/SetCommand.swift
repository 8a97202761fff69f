/// `set NAME VALUE`: sets a user variable (or to the pipeline's input).
struct SetCommand: Command {
    let spec = CommandSpec(
        path: ["set"], abstract: "Set a variable",
        discussion: "Without VALUE the variable takes the pipeline's input: 'services list | count | set n'.",
        arguments: [
            ArgumentSpec("NAME", "letters, digits and '_'", completion: .variables),
            ArgumentSpec("VALUE", "any value", kind: .value, isOptional: true),
        ],
        examples: [Example("set budget 2000"), Example("set budget 2000; set greeting \"hello $budget\"")],
        input: .optional)

    func run(_ invocation: Invocation) async throws -> CommandResult? {
        let name = invocation.arguments.text("NAME") ?? ""
        guard let value = invocation.arguments.value("VALUE") ?? invocation.input else {
            throw CommandError.missingArgument(command: spec.name, argument: "VALUE", usage: spec.usage)
        }
        try invocation.interpreter.assign(name, to: value)
        return nil
    }
}
