import ShopFormats
import ShopPluginAPI

/// `from json`: parses JSON text from the input into a value.
struct FromJSONCommand: Command {
    let spec = CommandSpec(
        path: ["from", "json"], abstract: "Parse the input's JSON text into a value",
        examples: [Example("echo '[{\"a\":1},{\"a\":2}]' | from json | where a > 1")], input: .required)

    func run(_ invocation: Invocation) throws -> CommandResult? {
        let input = try invocation.requireInput()
        guard case .string(let text) = input else {
            throw CommandError.invalidInput(command: spec.name, expected: "JSON text", got: input.describedType)
        }
        do {
            return .value(try Value(json: text))
        } catch {
            throw CommandError.failed("from json: \(error)")
        }
    }
}
