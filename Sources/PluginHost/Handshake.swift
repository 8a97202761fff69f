import ShopPluginAPI

/// The `initialize` exchange of the plugin protocol: what the host offers and what the
/// plugin chose.
enum Handshake {
    /// The protocol versions this host speaks.
    static let protocolVersions = [1]
    /// The features this host offers.
    static let features = ["progress", "output", "state-cache"]

    /// The `initialize` parameters.
    static func parameters(host: HostIdentity, folders: PluginFolders) -> Value {
        .record(
            Record(pairs: [
                ("protocol", "shop-plugin"), ("protocolVersions", .list(protocolVersions.map(Value.int))),
                ("host", .record(Record(["name": "shop", "version": .string(host.version)]))),
                ("features", .list(features.map(Value.string))),
                ("folders", .record(Record(["cache": .string(folders.cache), "state": .string(folders.state)]))),
            ]))
    }

    /// Reads the plugin's answer; `plugin` names it in errors.
    static func identity(from outcome: RPCMessage.Outcome, plugin: String, host: HostIdentity) throws(PluginHostError)
        -> PluginIdentity
    {
        switch outcome {
        case .error(let error) where error.code == RPCError.unsupportedProtocol:
            let speaks = error.detail("protocolVersions")?.listValue?.compactMap(\.intValue) ?? []
            let version = error.detail("plugin")?.recordValue?["version"]?.stringValue
            throw .unsupportedProtocol(
                plugin: plugin, version: version, speaks: speaks, host: host.version, hostSpeaks: protocolVersions)
        case .error(let error):
            throw .handshakeFailed(
                plugin: plugin, reason: "it answered 'initialize' with error \(error.code): \(error.message)")
        case .result(let result):
            guard let record = result.recordValue else {
                throw .handshakeFailed(plugin: plugin, reason: "its answer to 'initialize' is not a record")
            }
            guard let version = record["protocolVersion"]?.intValue else {
                throw .handshakeFailed(
                    plugin: plugin, reason: "its answer to 'initialize' has no integer protocolVersion")
            }
            let about = record["plugin"]?.recordValue
            guard protocolVersions.contains(version) else {
                throw .unsupportedProtocol(
                    plugin: plugin, version: about?["version"]?.stringValue, speaks: [version], host: host.version,
                    hostSpeaks: protocolVersions)
            }
            guard let name = about?["name"]?.stringValue, let pluginVersion = about?["version"]?.stringValue else {
                throw .handshakeFailed(
                    plugin: plugin, reason: "its answer to 'initialize' needs plugin.name and plugin.version")
            }
            let offered = Set(features)
            let features = Set(record["features"]?.listValue?.compactMap(\.stringValue) ?? []).intersection(offered)
            return PluginIdentity(name: name, version: pluginVersion, protocolVersion: version, features: features)
        }
    }
}

/// What a plugin said about itself in the handshake.
public struct PluginIdentity: Sendable, Equatable {
    /// Its name: the namespace of its commands and keys.
    public var name: String
    /// Its own version.
    public var version: String
    /// The protocol version both sides speak.
    public var protocolVersion: Int
    /// The features both sides listed.
    public var features: Set<String>

    public init(name: String, version: String, protocolVersion: Int, features: Set<String>) {
        self.name = name
        self.version = version
        self.protocolVersion = protocolVersion
        self.features = features
    }
}

/// The host as the handshake names it.
public struct HostIdentity: Sendable, Equatable {
    /// shop's version.
    public var version: String

    public init(version: String) {
        self.version = version
    }
}

/// The plugin's private folders, passed in `initialize`.
public struct PluginFolders: Sendable, Equatable {
    public var cache: String
    public var state: String

    public init(cache: String, state: String) {
        self.cache = cache
        self.state = state
    }
}
