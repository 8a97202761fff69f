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
/// A registered plugin's cached manifest is read in three steps, so that a session with many
/// of them starts about as fast as one with none: at start-up only its head (name, version,
/// keys and reads), checked by the same rules; its outline (each command's path, aliases,
/// abstract and input) when the registry first looks the plugin up; the rest (arguments,
/// options, examples, completion sources) on first use of one of its commands — a call, its
/// help, or Tab into it. A cached manifest damaged past its head is one line naming the
/// plugin at that use: a damaged outline refuses the plugin's name (``unusableReason``), a
/// damaged command's help says so, and running it fails.
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
        /// What a session reads at start: the manifest without commands (the whole manifest
        /// for a plugin made from one).
        let head: PluginManifest
        let outline: ManifestOnFirstUse
        let whole: ManifestOnFirstUse
        let executable: String
        let settings: PluginSettings

        init(
            head: PluginManifest, outline: ManifestOnFirstUse, whole: ManifestOnFirstUse, executable: String,
            settings: PluginSettings
        ) {
            self.head = head
            self.outline = outline
            self.whole = whole
            self.executable = executable
            self.settings = settings
        }
    }

    /// The manifest with each command's outline only; the head alone when the outline is
    /// damaged, which ``unusableReason`` reports.
    var outline: PluginManifest { (try? storage.outline.manifest.get()) ?? storage.head }
    /// Its executable.
    public var executable: String { storage.executable }
    /// How its processes start; the session's folder and variables are laid over it.
    var settings: PluginSettings { storage.settings }

    /// A plugin from its manifest, checked whole: the error names the JSON path of the first
    /// bad field.
    public init(manifest json: Value, executable: String, settings: PluginSettings) throws(ManifestError) {
        let manifest = try PluginManifest(json: json)
        let decoded = ManifestOnFirstUse(decoded: manifest)
        storage = Storage(head: manifest, outline: decoded, whole: decoded, executable: executable, settings: settings)
    }

    /// A registered plugin from its cached manifest: the head is checked now, the outline
    /// and the rest on first use.
    init(cached manifest: CachedManifest, executable: String, settings: PluginSettings) throws(ManifestError) {
        storage = Storage(
            head: try manifest.head,
            outline: ManifestOnFirstUse { () throws(ManifestError) in try manifest.outline },
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
    public var defaultVerb: String? { outline.defaultVerb }
    public var reads: [String] { storage.head.reads }

    public var unusableReason: String? {
        guard case .failure(let error) = storage.outline.manifest else { return nil }
        return PluginHostError.damagedManifest(plugin: name, path: executable, error).description
    }

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
