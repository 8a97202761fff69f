import ShopPluginAPI

/// `plugins`: the loaded plugins, built-in and outside, with their versions, protocol,
/// state and commands.
struct PluginsCommand: SessionCommand {
    let spec: CommandSpec

    /// `plugins`, or the same under another name (`plugin list`).
    init(path: [String] = ["plugins"]) {
        spec = CommandSpec(
            path: path, abstract: "List loaded plugins: built-in and outside, version, protocol, state",
            examples: [Example(path.spacedOut)],
            fields: ["name", "version", "protocol", "state", "commands", "summary"])
    }

    func run(_ invocation: Invocation, in session: Interpreter) throws -> CommandResult? {
        let names = FieldNames(spec.fields)
        let rows: [Value] = session.registry.plugins.map { plugin in
            let verbs = plugin.commands.map { $0.spec.path.last ?? "" }
            let outside = plugin as? any PluginStatusReporting
            return .record(
                Record(
                    names: names,
                    values: [
                        .string(plugin.name), .string(plugin.version),
                        .string(outside?.protocolDescription ?? "built-in"),
                        .string(outside?.state(in: session.sessionObjects) ?? "loaded"),
                        .string(verbs.joined(separator: " ")), .string(plugin.summary),
                    ]))
        }
        return .value(.list(rows))
    }
}
