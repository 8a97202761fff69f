import BuiltInPlugins
import PluginHost
import ShopPluginAPI
import ShopRuntime

/// The plugins of this run: the built-in ones, those given by `--plugin` (started once for
/// their manifests; one with a built-in's name replaces it), and the outside ones registered
/// with `plugin add`, read from their cached manifests (nothing is started) when a session
/// first needs them (never in transcripts).
struct PluginCatalog: Sendable {
    /// The plugins every session of the run gets at once.
    var plugins: [any Plugin]
    /// The registered plugins: found the first time a session needs one (warnings about a
    /// damaged registry are printed then), and kept for every session of the run.
    let registered: RegisteredPlugins
    /// Finds and starts outside plugins.
    var loader: OutsidePluginLoader

    /// The catalog for `options`; a `--plugin` that cannot be loaded is an error.
    static func load(
        options: CommandLineOptions, process: ProcessEnvironment, folders: RunFolders, output: StandardStreams
    ) async -> PluginCatalog? {
        let loader = OutsidePluginLoader(
            settings: settings(process: process, folders: folders),
            registryPath: options.mode.readsPluginRegistry ? PluginRegistryFile.path(in: folders.data) : nil)
        let registered = RegisteredPlugins(loader: loader) { warning in
            output.write("warning: \(warning)\n", to: .standardError)
        }
        var catalog = PluginCatalog(plugins: BuiltInPlugins.all, registered: registered, loader: loader)
        for path in options.plugins {
            do {
                catalog.add([try await loader.load(path, workingDirectory: process.workingDirectory)])
            } catch {
                output.write("shop: --plugin \(path): \(error)\n", to: .standardError)
                return nil
            }
        }
        return catalog
    }

    /// How outside plugin processes start in this run: their cache folders in the user's
    /// cache folder (else, with no home, in the run's own state folder).
    private static func settings(process: ProcessEnvironment, folders: RunFolders) -> PluginSettings {
        PluginSettings(
            host: HostIdentity(version: Shop.version), environment: process.variables,
            workingDirectory: process.workingDirectory,
            cacheBase: (folders.cache ?? folders.state + "/cache") + "/plugins",
            stateBase: folders.state + "/plugins")
    }

    /// `plugins` replacing those of the same names.
    mutating func add(_ outside: [any Plugin]) {
        var indexes = [String: Int](minimumCapacity: plugins.count + outside.count)
        for (index, plugin) in plugins.enumerated() { indexes[plugin.name] = index }
        for plugin in outside {
            let name = plugin.name
            if let index = indexes[name] {
                plugins[index] = plugin
            } else {
                indexes[name] = plugins.count
                plugins.append(plugin)
            }
        }
    }

    /// The `plugin …` commands the host adds to the core.
    var hostCommands: [any Command] {
        PluginCommandContext(
            loader: loader, builtIns: BuiltInPlugins.all, registered: registered, runExample: Self.runExample
        ).commands
    }

    /// The registered plugins as a session reads them, when it first needs one.
    var morePlugins: @Sendable () -> [any Plugin] {
        let registered = registered
        return { registered.all }
    }

    /// Runs `line` in a fresh session with `plugins` (`plugin check`'s examples): nil when it
    /// ran without error, else its first error line.
    private static func runExample(_ line: String, plugins: [any Plugin], environment: SessionEnvironment) async
        -> String?
    {
        let output = CapturedOutput()
        do {
            let session = try Session(
                configuration: SessionConfiguration(
                    plugins: plugins, environment: environment, output: output, showsErrorLocations: false))
            let outcome = await session.run(line, file: nil, path: nil, policy: .stopAtFirstFailure)
            await session.end()
            guard outcome.failures > 0 else { return nil }
            return output.standardError.split(separator: "\n").first.map(String.init) ?? "failed"
        } catch {
            return "\(error)"
        }
    }

    /// This catalog with the plugins a file's `#%plugin` lines name (relative to the file)
    /// added; the first that cannot be loaded is an error naming its line.
    func adding(directivesOf text: String, file: String, path: String) async throws(DirectiveError) -> PluginCatalog {
        var catalog = self
        for directive in PluginDirectives.paths(in: text) {
            do {
                catalog.add([try await loader.load(directive.path, workingDirectory: FilePath.directory(of: path))])
            } catch {
                throw DirectiveError(description: "\(file):\(directive.line): #%plugin \(directive.path): \(error)")
            }
        }
        return catalog
    }
}

/// A `#%plugin` line that could not be loaded.
struct DirectiveError: Error, CustomStringConvertible {
    let description: String
}
