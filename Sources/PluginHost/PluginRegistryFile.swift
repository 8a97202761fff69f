import ShopPluginAPI

/// The plugins `plugin add` registered, with their cached manifests:
/// `$XDG_DATA_HOME/shop/plugins.json`, written atomically.
///
/// A file that cannot be read, is not what shop writes, or comes from a newer shop is a
/// warning: the session starts with the built-in plugins, and the file is left as it is
/// (a newer shop's file is never overwritten).
///
/// ```json
/// {"registryVersion": 1, "plugins": [{"name": "promo", "path": "/usr/local/bin/shop-plugin-promo",
///   "size": 8123, "modified": 1768471200000000000, "manifest": {…}}]}
/// ```
public struct PluginRegistryFile: Sendable, Equatable {
    /// The format this shop writes.
    public static let version = 1

    /// One registered plugin.
    public struct Entry: Sendable, Equatable {
        public var name: String
        public var executable: PluginExecutable
        /// The manifest as the plugin sent it.
        public var manifest: CachedManifest

        public init(name: String, executable: PluginExecutable, manifest: CachedManifest) {
            self.name = name
            self.executable = executable
            self.manifest = manifest
        }

        public init(name: String, executable: PluginExecutable, manifest: Value) {
            self.init(name: name, executable: executable, manifest: CachedManifest(manifest))
        }
    }

    /// Where the file is.
    public var path: String
    /// The registered plugins, in the order they were added.
    public var entries: [Entry] = []
    /// Set when the file is from a newer shop: it must not be rewritten.
    public private(set) var newerVersion: Int?

    /// `plugins.json` in shop's data folder (``UserFolders/data``); nil without one.
    public static func path(in dataFolder: String?) -> String? {
        dataFolder.map { $0 + "/plugins.json" }
    }

    /// Reads the file at `path`; a missing file is an empty registry, and every problem
    /// is one warning line (without `warning: `) beside what could be read.
    ///
    /// Read in one pass without building the cached manifests: only their heads, the rest
    /// of each checked for syntax and decoded when asked (``CachedManifest/whole``), so that
    /// start-up with many registered plugins costs about what it costs with none.
    public static func load(from path: String) -> (registry: PluginRegistryFile, warnings: [String]) {
        var registry = PluginRegistryFile(path: path)
        guard FileSystem.exists(path) else { return (registry, []) }
        let contents: Contents
        do {
            contents = try Contents(reading: try FileSystem.read(path))
        } catch let error as FileError {
            return (registry, ["\(error); outside plugins are not loaded"])
        } catch {
            return (registry, ["the plugin registry '\(path)' is damaged (\(error)); outside plugins are not loaded"])
        }
        guard let version = contents.version else {
            return (registry, ["the plugin registry '\(path)' is not one shop wrote; outside plugins are not loaded"])
        }
        guard version <= Self.version else {
            registry.newerVersion = version
            return (
                registry,
                [
                    "the plugin registry '\(path)' is from a newer shop (version \(version)); outside plugins are not loaded"
                ]
            )
        }
        var warnings: [String] = []
        for (index, entry) in contents.entries.enumerated() {
            guard let entry else {
                warnings.append("the plugin registry '\(path)': entry \(index + 1) is damaged and was skipped")
                continue
            }
            registry.entries.append(entry)
        }
        return (registry, warnings)
    }

    /// Writes the file atomically, creating its folder.
    public func save() throws(PluginRegistryError) {
        if let newerVersion { throw .newer(path: path, version: newerVersion) }
        let plugins = try entries.map { entry throws(PluginRegistryError) in
            do throws(ManifestError) {
                return try entry.json()
            } catch {
                throw .damagedManifest(path: path, plugin: entry.name, error)
            }
        }
        let value: Value = .record(
            Record(pairs: [("registryVersion", .int(Self.version)), ("plugins", .list(plugins))]))
        FileSystem.createDirectory(FilePath.directory(of: path))
        do {
            try FileSystem.writeAtomically(Array((JSONWriter.pretty(value) + "\n").utf8), to: path, privately: true)
        } catch {
            throw .unwritable(error)
        }
    }

    /// The entry of plugin `name`.
    public func entry(named name: String) -> Entry? {
        entries.first { $0.name == name }
    }

    /// Adds `entry`, replacing one of the same name.
    public mutating func register(_ entry: Entry) {
        if let index = entries.firstIndex(where: { $0.name == entry.name }) {
            entries[index] = entry
        } else {
            entries.append(entry)
        }
    }

    /// Removes plugin `name`; false when it was not registered.
    public mutating func remove(_ name: String) -> Bool {
        guard let index = entries.firstIndex(where: { $0.name == name }) else { return false }
        entries.remove(at: index)
        return true
    }
}

extension PluginRegistryFile.Entry {
    /// The entry as the file writes it; throws when its cached manifest no longer decodes.
    func json() throws(ManifestError) -> Value {
        .record(
            Record(pairs: [
                ("name", .string(name)), ("path", .string(executable.path)), ("size", .int(Int(executable.size))),
                ("modified", .int(Int(executable.modified))), ("manifest", try manifest.whole.get()),
            ]))
    }
}

/// Why the registry file could not be written.
public enum PluginRegistryError: Error, Equatable, CustomStringConvertible {
    case newer(path: String, version: Int)
    case damagedManifest(path: String, plugin: String, ManifestError)
    case unwritable(FileError)

    public var description: String {
        switch self {
        case .newer(let path, let version):
            "the plugin registry '\(path)' is from a newer shop (version \(version)); this shop does not change it"
        case .damagedManifest(let path, let plugin, let error):
            "the plugin registry '\(path)': the cached manifest of plugin \(plugin) is damaged (\(error)); "
                + "remove it first: plugin remove \(plugin)"
        case .unwritable(let error): error.description
        }
    }
}
