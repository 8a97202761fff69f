import ShopPluginAPI

/// The `data` of error `-32002`: the versions the plugin speaks, and who it is.
public struct UnsupportedProtocolData: WireValue, Equatable {
    public var protocolVersions: [Int]
    /// Optional: without it the host names the plugin by its file.
    public var plugin: PeerIdentity?

    public init(protocolVersions: [Int], plugin: PeerIdentity?) {
        self.protocolVersions = protocolVersions
        self.plugin = plugin
    }

    public init(json value: Value) throws(WireFormatError) {
        let fields = try ObjectFields<WireFormatError>(value, path: "error.data")
        protocolVersions = try fields.ints("protocolVersions")
        plugin = try fields.optionalObject("plugin").map { fields throws(WireFormatError) in try PeerIdentity(fields) }
    }

    public var json: Value {
        var pairs: [(String, Value)] = [("protocolVersions", .list(protocolVersions.map(Value.int)))]
        if let plugin { pairs.append(("plugin", plugin.json)) }
        return .record(Record(pairs: pairs))
    }
}
