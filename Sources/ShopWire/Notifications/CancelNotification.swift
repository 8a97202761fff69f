import ShopPluginAPI

/// `cancel` (host → plugin): abandon request `id`; the plugin answers it with error `-32800`.
public struct CancelNotification: WireNotification, Equatable {
    public static let method = WireMethod.cancel

    public var id: Int

    public init(id: Int) {
        self.id = id
    }

    public init(json value: Value) throws(WireFormatError) {
        id = try ObjectFields<WireFormatError>(value, path: "params").int("id")
    }

    public var json: Value {
        .record(Record(pairs: [("id", .int(id))]))
    }
}
