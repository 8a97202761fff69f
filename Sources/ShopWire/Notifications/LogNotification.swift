import ShopPluginAPI

/// `log` (plugin → host): a line for `plugin log`; `warning` and `error` lines are also shown
/// during a call.
public struct LogNotification: WireNotification, Equatable {
    public static let method = WireMethod.log

    public enum Level: String, Sendable {
        case debug, info, warning, error
    }

    /// `info` when absent or unknown.
    public var level: Level
    public var message: String

    public init(_ level: Level, _ message: String) {
        self.level = level
        self.message = message
    }

    public init(json value: Value) throws(WireFormatError) {
        let fields = try ObjectFields<WireFormatError>(value, path: "params")
        level = try fields.optionalString("level").flatMap(Level.init(rawValue:)) ?? .info
        message = try fields.string("message")
    }

    public var json: Value {
        .record(Record(pairs: [("level", .string(level.rawValue)), ("message", .string(message))]))
    }
}
