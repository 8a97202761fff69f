import Dispatch
import ShopPluginAPI
import ShopWire
import Synchronization

/// Finds outside plugins and their manifests: the registered ones from the registry file
/// (one `stat` each, a spawn only for an executable that changed; each cached manifest read in
/// full on first use), and one given by path (`--plugin`, `#%plugin`, `plugin add`), which is
/// started once for its manifest.
///
/// ```swift
/// let loader = OutsidePluginLoader(settings: settings, registryPath: PluginRegistryFile.path(in: folders.data))
/// let (plugins, warnings) = loader.registered()
/// let promo = try await loader.load("./shop-plugin-promo", workingDirectory: cwd)
/// ```
public struct OutsidePluginLoader: Sendable {
    /// How plugin processes start.
    public var settings: PluginSettings
    /// The registry file; nil when there is none to read or write (no home folder, or a
    /// transcript, which loads only the plugins it names).
    public var registryPath: String?

    public init(settings: PluginSettings, registryPath: String?) {
        self.settings = settings
        self.registryPath = registryPath
    }

    /// The registered plugins. A plugin whose executable changed is asked for its manifest
    /// again and the file updated; a broken entry or file is a warning, never a failure.
    ///
    /// Synchronous, for ``RegisteredPlugins``, which finds them when a session first needs them:
    /// when an executable changed it blocks until that plugin answered, so it must not be
    /// called from a thread of the cooperative pool (the plugin's conversation runs there).
    public func registered() -> (plugins: [OutsidePlugin], warnings: [String]) {
        guard let registryPath else { return ([], []) }
        let (registry, warnings) = PluginRegistryFile.load(from: registryPath)
        if registry.entries.allSatisfy(\.executable.isUnchanged) {
            return plugins(of: registry, warnings: warnings)
        }
        let answer = Mutex<(plugins: [OutsidePlugin], warnings: [String])?>(nil)
        let done = DispatchSemaphore(value: 0)
        Task.detached {
            let refreshed = await refreshed()
            answer.withLock { $0 = refreshed }
            done.signal()
        }
        done.wait()
        return answer.withLock { $0 } ?? ([], warnings)
    }

    /// The registered plugins, those whose executables changed asked for their manifests
    /// again and the file updated.
    private func refreshed() async -> (plugins: [OutsidePlugin], warnings: [String]) {
        guard let registryPath else { return ([], []) }
        var (registry, warnings) = PluginRegistryFile.load(from: registryPath)
        var changed = false
        for var entry in registry.entries where !entry.executable.isUnchanged {
            do {
                let executable = try PluginExecutable.inspect(entry.executable.path)
                entry.manifest = CachedManifest(try await manifest(of: executable, expectedName: entry.name))
                entry.executable = executable
                registry.register(entry)
                changed = true
            } catch {
                warnings.append("plugin \(entry.name): \(error); its commands are from the cached manifest")
            }
        }
        if changed {
            do { try registry.save() } catch { warnings.append("\(error)") }
        }
        return plugins(of: registry, warnings: warnings)
    }

    /// A plugin for each entry of `registry`; an entry that cannot be one is a warning.
    private func plugins(of registry: PluginRegistryFile, warnings: [String]) -> (
        plugins: [OutsidePlugin], warnings: [String]
    ) {
        var (plugins, warnings) = ([OutsidePlugin](), warnings)
        for entry in registry.entries {
            do {
                plugins.append(
                    try OutsidePlugin(cached: entry.manifest, executable: entry.executable.path, settings: settings))
            } catch {
                warnings.append("plugin \(entry.name): \(error); not loaded")
            }
        }
        return (plugins, warnings)
    }

    /// The plugin at `word` (a path, or a name on `PATH`), started once for its manifest.
    public func load(_ word: String, workingDirectory: String) async throws -> OutsidePlugin {
        let executable = try locate(word, workingDirectory: workingDirectory)
        let json = try await manifest(of: executable, expectedName: nil)
        return try OutsidePlugin(manifest: json, executable: executable.path, settings: settings)
    }

    /// The registry file, or why there is none.
    func registryFile(for command: String) throws(CommandError) -> String {
        guard let registryPath else {
            throw .failed(
                "\(command): this run keeps no plugin registry (a transcript, or no home folder); "
                    + "'shop --plugin PATH' loads a plugin for one run")
        }
        return registryPath
    }

    /// Finds `word` as `plugin add` does.
    public func locate(_ word: String, workingDirectory: String) throws(PluginLocateError) -> PluginExecutable {
        try PluginExecutable.locate(
            word, path: settings.environment["PATH"], workingDirectory: workingDirectory,
            home: settings.environment["HOME"])
    }

    /// Starts the executable, runs the handshake and asks for the manifest, then shuts it
    /// down; the manifest's `name` must be the one the plugin gave in the handshake.
    public func manifest(of executable: PluginExecutable, expectedName: String?) async throws -> Value {
        let supervisor = PluginSupervisor(expectedName: expectedName, executable: executable.path, settings: settings)
        defer { Task { await supervisor.shutdown() } }
        let identity = try await supervisor.start()
        let manifest = try await supervisor.call(timeout: 5) { _ in ManifestRequest() }.manifest
        await supervisor.shutdown()
        if let name = manifest.recordValue?["name"]?.stringValue, name != identity.name {
            throw ManifestError(path: "manifest.name", "'\(name)' is not the name the plugin gave, '\(identity.name)'")
        }
        return manifest
    }
}
