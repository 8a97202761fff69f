import ShopPluginAPI
import ShopState

/// `state keys` (also bare `state`): every plugin key and variable with its type and owner.
struct StateKeysCommand: SessionCommand {
    let spec = CommandSpec(
        path: ["state", "keys"], abstract: "List state keys and variables",
        examples: [Example("state keys")], fields: ["key", "owner", "type", "about"])

    func run(_ invocation: Invocation, in session: Interpreter) throws -> CommandResult? {
        let store = session.store
        let names = FieldNames(spec.fields)
        var rows: [Value] = []
        for key in store.pluginKeys {
            let type = try store.value(key).typeName
            let owner = String(key.prefix { $0 != "." })
            let about = store.declaration(of: key)?.abstract ?? ""
            rows.append(
                .record(Record(names: names, values: [.string(key), .string(owner), .string(type), .string(about)])))
        }
        for key in store.namespacedKeys {
            let type = try store.value(key).typeName
            let about = store.namespace(of: key)?.about ?? ""
            rows.append(.record(Record(names: names, values: [.string(key), "core", .string(type), .string(about)])))
        }
        for name in store.variableNames {
            let type = try store.value(name).typeName
            rows.append(.record(Record(names: names, values: [.string(name), "user", .string(type), "variable"])))
        }
        return .value(.list(rows))
    }
}
