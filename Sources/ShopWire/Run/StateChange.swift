import ShopPluginAPI

/// A proposed change: `{"key": "promo.applied", "value": "SPRING"}`, the whole key replaced.
public struct StateChange: Sendable, Equatable {
    public var key: String
    public var value: Value

    public init(key: String, value: Value) {
        self.key = key
        self.value = value
    }

    init(_ fields: ObjectFields<WireFormatError>) throws(WireFormatError) {
        key = try fields.string("key")
        guard let value = fields.record["value"] else {
            throw WireFormatError(path: fields.path, "missing field 'value'")
        }
        self.value = value
    }

    var json: Value {
        .record(Record(pairs: [("key", .string(key)), ("value", value)]))
    }
}
