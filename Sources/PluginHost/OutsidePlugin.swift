import ShopPluginAPI
import ShopWire
import Synchronization

/// An outside plugin as a session sees it: a `Plugin` whose commands come from its
/// manifest and run in its process, so help, Tab, argument checking, examples, undo,
/// `--format json`, transcripts and demos treat them like built-in commands.
///
/// The value is shared by every session of a run; each session gets its own process (a
/// ``PluginSupervisor`` kept as a session object), started on the first call and shut
/// down when the session ends.
///
/// A registered plugin's cached manifest is read in two steps, so that a session with many of
/// them starts about as fast as one with none: when the registry file is read, only its head
/// (name, version, keys and reads), checked by the same rules; the rest (its commands) on the
/// first use of ``commands`` — the registry looking the plugin up, `help`, `plugins`, Tab —
/// decoded once for every session of the run. A cached manifest damaged past its head leaves
/// the plugin one command, its name, which fails with one line naming the plugin and saying
/// how to mend it (``DamagedManifestCommand``).
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
        /// What a session reads first: the manifest without commands (the whole manifest for
        /// a plugin made from one).
        let head: PluginManifest
        let whole: ManifestOnFirstUse
        let executable: String
        let settings: PluginSettings

        init(head: PluginManifest, whole: ManifestOnFirstUse, executable: String, settings: PluginSettings) {
            self.head = head
            self.whole = whole
            self.executable = executable
            self.settings = settings
        }
    }

    /// Its executable.
    public var executable: String { storage.executable }
    /// How its processes start; the session's folder and variables are laid over it.
    var settings: PluginSettings { storage.settings }

    /// A plugin from its manifest, checked whole: the error names the JSON path of the first
    /// bad field.
    public init(manifest json: Value, executable: String, settings: PluginSettings) throws(ManifestError) {
        let manifest = try PluginManifest(json: json)
        storage = Storage(
            head: manifest, whole: ManifestOnFirstUse(decoded: manifest), executable: executable, settings: settings)
    }

    /// A registered plugin from its cached manifest: the head is checked now, the rest on
    /// first use.
    init(cached manifest: CachedManifest, executable: String, settings: PluginSettings) throws(ManifestError) {
        storage = Storage(
            head: try manifest.head,
            whole: ManifestOnFirstUse { () throws(ManifestError) in try PluginManifest(json: manifest.whole.get()) },
            executable: executable, settings: settings)
    }

    /// The whole manifest; a cached one that turns out damaged throws.
    public var manifest: PluginManifest {
        get throws(ManifestError) { try storage.whole.manifest.get() }
    }

    public var name: String { storage.head.name }
    public var version: String { storage.head.version }
    public var summary: String { storage.head.summary }
    public var stateKeys: [StateKeyDeclaration] { storage.head.stateKeys }
    public var defaultVerb: String? { try? manifest.defaultVerb }
    public var reads: [String] { storage.head.reads }

    /// Its commands, from the whole manifest; a cached manifest that turns out damaged gives
    /// the one command that says so instead.
    public var commands: [any Command] {
        switch storage.whole.manifest {
        case .success(let manifest):
            return manifest.commands.map { OutsideCommand(plugin: self, declared: $0) }
        case .failure(let error):
            return [
                DamagedManifestCommand(
                    plugin: name, failure: .damagedManifest(plugin: name, path: executable, error))
            ]
        }
    }

    public var protocolDescription: String { String(WireProtocol.current) }

    public func state(in objects: SessionObjects) -> String {
        supervisor(in: objects).status.description
    }

    /// The keys a call sends: the plugin's own, then its reads.
    var scope: [String] { storage.head.stateKeys.map(\.key) + storage.head.reads }

    /// This session's supervisor of the plugin (the one its commands made, or a new one
    /// with the run's settings).
    func supervisor(in objects: SessionObjects, workingDirectory: String? = nil) -> PluginSupervisor {
        objects.endingObject(owner: name) {
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
private final class ManifestOnFirstUse: Sendable {
    private let decode: @Sendable () throws(ManifestError) -> PluginManifest
    private let decoded: Mutex<Result<PluginManifest, ManifestError>?>

    init(decoded manifest: PluginManifest) {
        decode = { manifest }
        decoded = Mutex(.success(manifest))
    }

    init(_ decode: @escaping @Sendable () throws(ManifestError) -> PluginManifest) {
        self.decode = decode
        decoded = Mutex(nil)
    }

    var manifest: Result<PluginManifest, ManifestError> {
        decoded.withLock { decoded in
            if let decoded { return decoded }
            let result = Result { () throws(ManifestError) in try decode() }
            decoded = result
            return result
        }
    }
}
