import ShopPluginAPI

/// A side of the conversation as the handshake names it: `{"name": "promo", "version": "1.0.0"}`.
public struct PeerIdentity: Sendable, Equatable {
    public var name: String
    public var version: String

    public init(name: String, version: String) {
        self.name = name
        self.version = version
    }

    init(_ fields: ObjectFields<WireFormatError>) throws(WireFormatError) {
        name = try fields.string("name")
        version = try fields.string("version")
    }

    var json: Value {
        .record(Record(pairs: [("name", .string(name)), ("version", .string(version))]))
    }
}
