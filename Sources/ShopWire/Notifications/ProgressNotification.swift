import ShopPluginAPI

/// `progress` (plugin → host): a status line while request `id` works; it restarts the
/// call's clock.
public struct ProgressNotification: WireNotification, Equatable {
    public static let method = WireMethod.progress

    public var id: Int
    public var message: String?
    /// From 0 to 1.
    public var fraction: Double?

    public init(id: Int, message: String?, fraction: Double?) {
        self.id = id
        self.message = message
        self.fraction = fraction
    }

    public init(json value: Value) throws(WireFormatError) {
        let fields = try ObjectFields<WireFormatError>(value, path: "params")
        id = try fields.int("id")
        message = try fields.optionalString("message")
        fraction = try fields.optionalDouble("fraction")
    }

    public var json: Value {
        var pairs: [(String, Value)] = [("id", .int(id))]
        if let message { pairs.append(("message", .string(message))) }
        if let fraction { pairs.append(("fraction", .double(fraction))) }
        return .record(Record(pairs: pairs))
    }
}
