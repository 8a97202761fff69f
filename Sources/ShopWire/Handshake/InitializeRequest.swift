import ShopPluginAPI

/// `initialize`, the first request: the protocol versions and features the host offers, and
/// the plugin's private folders.
public struct InitializeRequest: WireRequest, Equatable {
    public typealias Result = InitializeResult
    public static let method = WireMethod.initialize

    /// Every protocol version the host speaks.
    public var protocolVersions: [Int]
    public var host: PeerIdentity
    /// The features the host offers.
    public var features: Set<WireFeature>
    /// Where the plugin may keep a cache and state of its own.
    public var cacheFolder: String
    public var stateFolder: String

    public init(
        protocolVersions: [Int] = WireProtocol.versions, host: PeerIdentity, features: Set<WireFeature>,
        cacheFolder: String, stateFolder: String
    ) {
        self.protocolVersions = protocolVersions
        self.host = host
        self.features = features
        self.cacheFolder = cacheFolder
        self.stateFolder = stateFolder
    }

    public init(json value: Value) throws(WireFormatError) {
        let fields = try ObjectFields<WireFormatError>(value, path: "params")
        protocolVersions = try fields.ints("protocolVersions")
        host = try PeerIdentity(fields.object("host"))
        features = WireFeature.known(try fields.strings("features"))
        let folders = try fields.object("folders")
        cacheFolder = try folders.string("cache")
        stateFolder = try folders.string("state")
    }

    public var json: Value {
        .record(
            Record(pairs: [
                ("protocol", .string(WireProtocol.name)),
                ("protocolVersions", .list(protocolVersions.map(Value.int))),
                ("host", host.json), ("features", WireFeature.json(features)),
                (
                    "folders",
                    .record(Record(pairs: [("cache", .string(cacheFolder)), ("state", .string(stateFolder))]))
                ),
            ]))
    }
}

/// The plugin's answer to `initialize`: the version it chose, who it is, and the features it
/// uses of those offered.
public struct InitializeResult: WireValue, Equatable {
    public var protocolVersion: Int
    public var plugin: PeerIdentity
    public var features: Set<WireFeature>

    public init(protocolVersion: Int = WireProtocol.current, plugin: PeerIdentity, features: Set<WireFeature>) {
        self.protocolVersion = protocolVersion
        self.plugin = plugin
        self.features = features
    }

    /// The version an answer chose, and the plugin when it says who it is, read alone:
    /// whatever else another version puts in its answer.
    public static func choice(in value: Value) -> (protocolVersion: Int, plugin: PeerIdentity?)? {
        guard let fields = try? ObjectFields<WireFormatError>(value, path: "result"),
            let version = try? fields.int("protocolVersion")
        else { return nil }
        let plugin = (try? fields.object("plugin")).flatMap { try? PeerIdentity($0) }
        return (version, plugin)
    }

    public init(json value: Value) throws(WireFormatError) {
        let fields = try ObjectFields<WireFormatError>(value, path: "result")
        protocolVersion = try fields.int("protocolVersion")
        plugin = try PeerIdentity(fields.object("plugin"))
        features = WireFeature.known(try fields.strings("features"))
    }

    public var json: Value {
        .record(
            Record(pairs: [
                ("protocolVersion", .int(protocolVersion)), ("plugin", plugin.json),
                ("features", WireFeature.json(features)),
            ]))
    }
}
