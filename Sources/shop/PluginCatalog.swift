import FeedPlugin
import NewsPlugin
import PluginHost
import ServicesPlugin
import ShopKit

/// The plugins of this run: the built-in ones, those given by `--plugin` (started once for
/// their manifests; one with a built-in's name replaces it), and the outside ones registered
/// with `plugin add`, read from their cached manifests (nothing is started) when a session
/// first needs them (never in transcripts).
struct PluginCatalog: Sendable {
    /// Every built-in plugin, in the order `help` lists them.
    static var builtIns: [any Plugin] { [ServicesPlugin(), FeedPlugin(), NewsPlugin()] }

    /// The plugins every session of the run gets at once.
    var plugins: [any Plugin]
    /// The registered plugins: found the first time a session needs one (warnings about a
    /// damaged registry are printed then), and kept for every session of the run.
    let registered: DeferredPlugins
    /// Finds and starts outside plugins.
    var loader: OutsidePluginLoader

    /// The catalog for `options`; a `--plugin` that cannot be loaded is an error.
    static func load(
        options: CommandLineOptions, process: ProcessEnvironment, folders: RunFolders, output: StandardStreams
    ) async -> PluginCatalog? {
        let loader = OutsidePluginLoader(
            settings: settings(process: process, folders: folders),
            registryPath: options.mode.readsPluginRegistry ? PluginRegistryFile.path(in: folders.data) : nil)
        let registered = DeferredPlugins {
            let (plugins, warnings) = loader.registered()
            for warning in warnings { output.write("warning: \(warning)\n", to: .standardError) }
            return plugins
        }
        var catalog = PluginCatalog(plugins: builtIns, registered: registered, loader: loader)
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
        PluginCommandContext(loader: loader, builtIns: Self.builtIns, registered: registered).commands
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
