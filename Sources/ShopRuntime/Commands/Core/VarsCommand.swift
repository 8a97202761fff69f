import ShopPluginAPI
import ShopState

/// `vars`: the user variables with their values.
struct VarsCommand: SessionCommand {
    let spec = CommandSpec(
        path: ["vars"], abstract: "List variables", examples: [Example("set x 1; vars")],
        fields: ["name", "type", "value"])

    func run(_ invocation: Invocation, in session: Interpreter) throws -> CommandResult? {
        let store = session.store
        let names = FieldNames(spec.fields)
        let rows: [Value] = try store.variableNames.map { name in
            let value = try store.value(name)
            return .record(Record(names: names, values: [.string(name), .string(value.typeName), value]))
        }
        return .value(.list(rows))
    }
}
