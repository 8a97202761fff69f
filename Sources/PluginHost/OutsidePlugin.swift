import ShopKit
import Synchronization

/// An outside plugin as a session sees it: a `Plugin` whose commands come from its
/// manifest and run in its process, so help, Tab, argument checking, examples, undo,
/// `--format json`, transcripts and demos treat them like built-in commands.
///
/// The value is shared by every session of a run; each session gets its own process (a
/// ``PluginSupervisor`` kept as a session object), started on the first call and shut
/// down when the session ends.
///
/// A registered plugin's cached manifest is read in two steps, so that a session with many
/// of them starts about as fast as one with none: at start-up only its outline (name,
/// version, keys, reads, and each command's path, aliases, abstract and input), checked by
/// the same rules; the rest (arguments, options, examples, completion sources) on first use
/// of one of its commands — a call, its help, or Tab into it. A cached manifest damaged
/// there is one line naming the plugin at that use: the command's help says so, and running
/// it fails.
///
/// ```swift
/// let promo = try OutsidePlugin(manifest: json, executable: "/usr/local/bin/shop-plugin-promo", settings: settings)
/// let session = try Session(configuration: SessionConfiguration(plugins: [promo], …))
/// ```
public struct OutsidePlugin: Plugin, PluginStatusReporting {
    /// Everything, behind one reference: each of its commands holds the plugin, and a
    /// session makes them all when it starts.
    private let storage: Storage

    private final class Storage: Sendable {
        let outline: PluginManifest
        let whole: WholeManifest
        let executable: String
        let settings: PluginSettings

        init(outline: PluginManifest, whole: WholeManifest, executable: String, settings: PluginSettings) {
            self.outline = outline
            self.whole = whole
            self.executable = executable
            self.settings = settings
        }
    }

    /// What a session reads at start: the manifest with each command's outline only (the
    /// whole manifest for a plugin made from one).
    var outline: PluginManifest { storage.outline }
    /// Its executable.
    public var executable: String { storage.executable }
    /// How its processes start; the session's folder and variables are laid over it.
    var settings: PluginSettings { storage.settings }

    /// A plugin from its manifest, checked whole: the error names the JSON path of the first
    /// bad field.
    public init(manifest json: Value, executable: String, settings: PluginSettings) throws(ManifestError) {
        let manifest = try PluginManifest(json: json)
        storage = Storage(
            outline: manifest, whole: WholeManifest(decoded: manifest), executable: executable, settings: settings)
    }

    /// A registered plugin from its cached manifest: the outline is checked now, the rest
    /// on first use.
    init(cached manifest: CachedManifest, executable: String, settings: PluginSettings) throws(ManifestError) {
        storage = Storage(
            outline: try manifest.outline, whole: WholeManifest(cached: manifest),
            executable: executable, settings: settings)
    }

    /// The whole manifest; a cached one that turns out damaged throws.
    public var manifest: PluginManifest {
        get throws(ManifestError) { try storage.whole.manifest.get() }
    }

    public var name: String { outline.name }
    public var version: String { outline.version }
    public var summary: String { outline.summary }
    public var stateKeys: [StateKeyDeclaration] { outline.stateKeys }
    public var defaultVerb: String? { outline.defaultVerb }
    public var reads: [String] { outline.reads }

    public var commands: [any Command] {
        outline.commands.indices.map { OutsideCommand(plugin: self, index: $0) }
    }

    /// The spec of command `index` as the whole manifest declares it, or why it cannot be read.
    func spec(ofCommand index: Int) -> Result<CommandSpec, ManifestError> {
        storage.whole.manifest.map { $0.commands[index] }
    }

    public var protocolDescription: String { String(Handshake.protocolVersions.last ?? 1) }

    public func state(in objects: SessionObjects) -> String {
        supervisor(in: objects).status.description
    }

    /// The keys a call sends: the plugin's own, then its reads.
    var scope: [String] { outline.stateKeys.map(\.key) + outline.reads }

    /// This session's supervisor of the plugin (the one its commands made, or a new one
    /// with the run's settings).
    func supervisor(in objects: SessionObjects, workingDirectory: String? = nil) -> PluginSupervisor {
        objects.object(owner: name) {
            makeSupervisor(variables: [:], workingDirectory: workingDirectory ?? settings.workingDirectory)
        }
    }

    /// A supervisor with the session's folder and variables laid over the settings.
    func makeSupervisor(variables: [String: String], workingDirectory: String) -> PluginSupervisor {
        var settings = settings
        settings.environment.merge(variables) { $1 }
        settings.workingDirectory = workingDirectory
        return PluginSupervisor(expectedName: name, executable: executable, settings: settings)
    }
}

/// A manifest decoded on first use, once, for every session of the run.
private final class WholeManifest: Sendable {
    private let cached: CachedManifest?
    private let decoded: Mutex<Result<PluginManifest, ManifestError>?>

    init(decoded manifest: PluginManifest) {
        cached = nil
        decoded = Mutex(.success(manifest))
    }

    init(cached: CachedManifest) {
        self.cached = cached
        decoded = Mutex(nil)
    }

    var manifest: Result<PluginManifest, ManifestError> {
        decoded.withLock { decoded in
            if let decoded { return decoded }
            let result = Result { () throws(ManifestError) in
                try PluginManifest(json: cached?.whole.get() ?? .null)
            }
            decoded = result
            return result
        }
    }
}
