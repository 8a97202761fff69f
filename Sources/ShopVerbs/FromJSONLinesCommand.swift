import ShopFormats
import ShopPluginAPI

/// `from jsonl`: JSON Lines text (one JSON value a line) parsed into a list.
struct FromJSONLinesCommand: Command {
    let spec = CommandSpec(
        path: ["from", "jsonl"], abstract: "Parse the input's JSON Lines text into a list",
        discussion: "Each line holds one JSON value; blank lines are skipped. A bad line is named by its number.",
        examples: [Example("echo '{\"a\":1}' | from jsonl")], input: .required)

    func run(_ invocation: Invocation) async throws -> CommandResult? {
        let input = try invocation.requireInput()
        guard case .string(let text) = input else {
            throw CommandError.invalidInput(command: spec.name, expected: "JSON Lines text", got: input.describedType)
        }
        do {
            return .value(.list(try await JSONLinesReader.read(Array(text.utf8))))
        } catch let error as JSONLinesError {
            throw VerbError.invalid(command: spec.name, reason: error.description)
        }
    }
}
