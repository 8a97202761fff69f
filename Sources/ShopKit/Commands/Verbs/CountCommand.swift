/// `count`: how many rows (or characters of a string, fields of a record).
struct CountCommand: Command {
    let spec = CommandSpec(
        path: ["count"], abstract: "Count the rows of the input",
        examples: [Example("services list | count")], input: .required)

    func run(_ invocation: Invocation) async throws -> CommandResult? {
        switch try invocation.requireInput() {
        case .list(let rows): .value(.int(rows.count))
        case .record(let record): .value(.int(record.count))
        case .string(let string): .value(.int(string.count))
        case .null: .value(.int(0))
        case let other: throw CommandError.invalidInput(command: spec.name, expected: "a list", got: other.typeName)
        }
    }
}
