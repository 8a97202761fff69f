import ShopPluginAPI
import ShopWire

/// `plugin add PATH|NAME`: starts the plugin once, checks its handshake and manifest, and
/// registers it, with its manifest cached, for every later session.
struct PluginAddCommand: Command {
    let context: PluginCommandContext
    let spec = CommandSpec(
        path: ["plugin", "add"], abstract: "Register an outside plugin for every later session",
        discussion:
            "PLUGIN is a path to an executable, or a NAME found as 'shop-plugin-NAME' on PATH. The plugin is started once: its handshake and manifest are checked and the manifest is cached in $XDG_DATA_HOME/shop/plugins.json. Its commands are there from the next session on ('shop --plugin PATH' loads one for a single run).",
        arguments: [PluginCommandContext.pluginArgument], examples: [Example("plugin add ./shop-plugin-promo")])

    func run(_ invocation: Invocation) async throws -> CommandResult? {
        let word = try invocation[PluginCommandContext.pluginArgument]
        do {
            return try await add(word, invocation)
        } catch let error as CancellationError {
            throw error
        } catch {
            throw CommandError.failed("plugin add \(word): \(error)")
        }
    }

    private func add(_ word: String, _ invocation: Invocation) async throws -> CommandResult? {
        let loader = context.loader(for: invocation)
        let registryPath = try loader.registryFile(for: "plugin add")
        let executable = try loader.locate(word, workingDirectory: invocation.baseDirectory)
        let json = try await loader.manifest(of: executable, expectedName: nil)
        let plugin = try OutsidePlugin(manifest: json, executable: executable.path, settings: loader.settings)
        if context.builtIns.contains(where: { $0.name == plugin.name }) {
            throw CommandError.failed(
                "'\(plugin.name)' is a built-in plugin; 'shop --plugin PATH' replaces it for one run")
        }
        _ = context.registered?.all
        var (registry, _) = PluginRegistryFile.load(from: registryPath)
        let replaced = registry.entry(named: plugin.name) != nil
        registry.register(PluginRegistryFile.Entry(name: plugin.name, executable: executable, manifest: json))
        try registry.save()
        let manifest = try plugin.manifest
        var parts = ["\(manifest.commands.count) command\(manifest.commands.count == 1 ? "" : "s")"]
        if !manifest.stateKeys.isEmpty {
            parts.append("\(manifest.stateKeys.count) state key\(manifest.stateKeys.count == 1 ? "" : "s")")
        }
        if !manifest.reads.isEmpty { parts.append("reads " + manifest.reads.joined(separator: ", ")) }
        invocation.console.message(
            "\(replaced ? "updated" : "added") \(plugin.name) \(plugin.version): \(parts.joined(separator: ", "))"
                + " — in new sessions")
        return nil
    }
}
