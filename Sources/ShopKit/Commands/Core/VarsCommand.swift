/// `vars`: the user variables with their values.
struct VarsCommand: Command {
    let spec = CommandSpec(path: ["vars"], abstract: "List variables", examples: [Example("set x 1; vars")])

    func run(_ invocation: Invocation) async throws -> CommandResult? {
        let store = invocation.interpreter.store
        let names = FieldNames(["name", "type", "value"])
        let rows: [Value] = try store.variableNames.map { name in
            let value = try store.value(name)
            return .record(Record(names: names, values: [.string(name), .string(value.typeName), value]))
        }
        return .value(.list(rows))
    }
}
