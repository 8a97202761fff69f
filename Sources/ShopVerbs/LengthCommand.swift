import ShopPluginAPI

/// `length`: the items of a list, the fields of a record, the characters of a string.
struct LengthCommand: Command {
    let spec = CommandSpec(
        path: ["length"], abstract: "Count the items, fields or characters",
        examples: [
            Example("services list | length"),
            Example("services list | first | length", "the fields of a record"),
            Example("echo 'hello' | length"),
        ],
        input: .required)

    func run(_ invocation: Invocation) throws -> CommandResult? {
        switch try invocation.requireInput() {
        case .list(let items): .value(.int(items.count))
        case .record(let record): .value(.int(record.count))
        case .string(let string): .value(.int(string.count))
        case let other:
            throw CommandError.invalidInput(
                command: spec.name, expected: "a list, a record or a string", got: other.describedType)
        }
    }
}
