import ShopPluginAPI

/// `plugin remove NAME`: deletes a registered plugin's entry.
struct PluginRemoveCommand: Command {
    let context: PluginCommandContext
    let spec: CommandSpec

    init(context: PluginCommandContext) {
        self.context = context
        let registryPath = context.loader.registryPath
        spec = CommandSpec(
            path: ["plugin", "remove"], abstract: "Unregister an outside plugin",
            arguments: [
                Argument<String>(
                    "NAME", "a registered plugin",
                    completion: .custom { _ in
                        registryPath.map { PluginRegistryFile.load(from: $0).registry.entries.map(\.name) } ?? []
                    })
            ],
            examples: [Example("plugin remove promo")])
    }

    func run(_ invocation: Invocation) async throws -> CommandResult? {
        let name = invocation.arguments.words(ofArgument: "NAME").first?.text ?? ""
        let registryPath = try context.loader.registryFile(for: "plugin remove")
        _ = context.registered?.all
        var (registry, _) = PluginRegistryFile.load(from: registryPath)
        guard registry.remove(name) else {
            let names = registry.entries.map(\.name)
            let suggestion = Suggestion.nearest(to: name, in: names)
            throw CommandError.failed(
                "plugin remove: no registered plugin '\(name)'"
                    + (suggestion.map { " (did you mean '\($0)'?)" } ?? (names.isEmpty ? " (none is registered)" : "")))
        }
        do {
            try registry.save()
        } catch {
            throw CommandError.failed("plugin remove \(name): \(error)")
        }
        invocation.console.message("removed \(name) — from new sessions")
        return nil
    }
}
