import ShopPluginAPI

/// `output` (plugin → host): lines to show now, while run `id` works.
public struct OutputNotification: WireNotification, Equatable {
    public static let method = WireMethod.output

    public var id: Int
    public var lines: [String]

    public init(id: Int, lines: [String]) {
        self.id = id
        self.lines = lines
    }

    public init(json value: Value) throws(WireFormatError) {
        let fields = try ObjectFields<WireFormatError>(value, path: "params")
        id = try fields.int("id")
        lines = try fields.strings("lines")
    }

    public var json: Value {
        .record(Record(pairs: [("id", .int(id)), ("lines", .list(lines.map(Value.string)))]))
    }
}
