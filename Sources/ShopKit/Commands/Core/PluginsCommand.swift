/// `plugins`: the loaded plugins with their versions and commands.
struct PluginsCommand: Command {
    let spec = CommandSpec(
        path: ["plugins"], abstract: "List loaded plugins", examples: [Example("plugins")],
        fields: ["name", "version", "summary", "commands"])

    func run(_ invocation: Invocation) async throws -> CommandResult? {
        let names = FieldNames(spec.fields)
        let rows: [Value] = try invocation.core.registry.plugins.map { plugin in
            let verbs = plugin.commands.map { $0.spec.path.last ?? "" }
            return .record(
                Record(
                    names: names,
                    values: [
                        .string(plugin.name), .string(plugin.version), .string(plugin.summary),
                        .string(verbs.joined(separator: " ")),
                    ]))
        }
        return .value(.list(rows))
    }
}
