import ShopPluginAPI

/// `state/get`, the plugin's request for values the host left out: `{"keys": [...]}`. Only
/// keys of the plugin's scope are answered; any other is error `-32602`.
public struct StateGetRequest: WireRequest, Equatable {
    public typealias Result = StateGetResult
    public static let method = WireMethod.stateGet

    public var keys: [String]

    public init(keys: [String]) {
        self.keys = keys
    }

    public init(json value: Value) throws(WireFormatError) {
        keys = try ObjectFields<WireFormatError>(value, path: "params").strings("keys")
    }

    public var json: Value {
        .record(Record(pairs: [("keys", .list(keys.map(Value.string)))]))
    }
}

/// The answer to `state/get`: `{"values": {KEY: VALUE}}`.
public struct StateGetResult: WireValue, Equatable {
    public var values: [(key: String, value: Value)]

    public init(values: [(key: String, value: Value)]) {
        self.values = values
    }

    public init(json value: Value) throws(WireFormatError) {
        let values = try ObjectFields<WireFormatError>(value, path: "result").object("values")
        self.values = values.record.fields.map { ($0.name, $0.value) }
    }

    public var json: Value {
        .record(Record(pairs: [("values", .record(Record(pairs: values.map { ($0.key, $0.value) })))]))
    }

    public static func == (lhs: StateGetResult, rhs: StateGetResult) -> Bool {
        lhs.json == rhs.json
    }
}
