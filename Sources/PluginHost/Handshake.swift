import ShopPluginAPI
import ShopWire

/// The `initialize` exchange of the plugin protocol: what the host offers and what the
/// plugin chose.
enum Handshake {
    /// The features this host offers.
    static let features: Set<WireFeature> = [.progress, .output, .stateCache, .describedCompletions]

    /// The `initialize` request.
    static func request(host: HostIdentity, folders: PluginFolders) -> InitializeRequest {
        InitializeRequest(
            host: PeerIdentity(name: "shop", version: host.version), features: features, cacheFolder: folders.cache,
            stateFolder: folders.state)
    }

    /// Reads the plugin's answer; `plugin` names it in errors until it names itself.
    static func identity(from outcome: WireMessage.Outcome, plugin: String, host: HostIdentity) throws(PluginHostError)
        -> PluginIdentity
    {
        switch outcome {
        case .error(let error) where error.is(.unsupportedProtocol):
            let data = error.data.flatMap { try? UnsupportedProtocolData(json: $0) }
            throw .unsupportedProtocol(
                plugin: data?.plugin?.name ?? plugin, version: data?.plugin?.version,
                speaks: data?.protocolVersions ?? [], host: host.version, hostSpeaks: WireProtocol.versions)
        case .error(let error):
            throw .handshakeFailed(
                plugin: plugin, reason: "it answered 'initialize' with error \(error.code): \(error.message)")
        case .result(let value):
            // Checked first: another version may shape the rest of its answer otherwise.
            if let choice = InitializeResult.choice(in: value), !WireProtocol.versions.contains(choice.protocolVersion)
            {
                throw .unsupportedProtocol(
                    plugin: choice.plugin?.name ?? plugin, version: choice.plugin?.version,
                    speaks: [choice.protocolVersion], host: host.version, hostSpeaks: WireProtocol.versions)
            }
            let answer: InitializeResult
            do {
                answer = try InitializeResult(json: value)
            } catch {
                throw .handshakeFailed(plugin: plugin, reason: "its answer to 'initialize': \(error)")
            }
            return PluginIdentity(
                name: answer.plugin.name, version: answer.plugin.version, protocolVersion: answer.protocolVersion,
                features: answer.features.intersection(features))
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
    public var features: Set<WireFeature>

    public init(name: String, version: String, protocolVersion: Int, features: Set<WireFeature>) {
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
