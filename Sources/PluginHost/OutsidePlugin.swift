import ShopKit

/// An outside plugin as a session sees it: a `Plugin` whose commands come from its
/// manifest and run in its process, so help, Tab, argument checking, examples, undo,
/// `--format json`, transcripts and demos treat them like built-in commands.
///
/// The value is shared by every session of a run; each session gets its own process (a
/// ``PluginSupervisor`` kept as a session object), started on the first call and shut
/// down when the session ends.
///
/// ```swift
/// let promo = try OutsidePlugin(manifest: json, executable: "/usr/local/bin/shop-plugin-promo", settings: settings)
/// let session = try Session(configuration: SessionConfiguration(plugins: [promo], …))
/// ```
public struct OutsidePlugin: Plugin, PluginStatusReporting {
    /// What the plugin declared.
    public let manifest: PluginManifest
    /// Its executable.
    public let executable: String
    /// How its processes start; the session's folder and variables are laid over it.
    let settings: PluginSettings

    /// A plugin from its manifest, checked: the error names the JSON path of the first bad field.
    public init(manifest json: Value, executable: String, settings: PluginSettings) throws(ManifestError) {
        manifest = try OutsideManifest.check(json)
        self.executable = executable
        self.settings = settings
    }

    public var name: String { manifest.name }
    public var version: String { manifest.version }
    public var summary: String { manifest.summary }
    public var stateKeys: [StateKeyDeclaration] { manifest.stateKeys }
    public var defaultVerb: String? { manifest.defaultVerb }
    public var reads: [String] { manifest.reads }

    public var commands: [any Command] {
        manifest.commands.map { OutsideCommand(plugin: self, spec: $0) }
    }

    public var protocolDescription: String { String(Handshake.protocolVersions.last ?? 1) }

    public func state(in objects: SessionObjects) -> String {
        supervisor(in: objects).status.description
    }

    /// The keys a call sends: the plugin's own, then its reads.
    var scope: [String] { manifest.stateKeys.map(\.key) + manifest.reads }

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
