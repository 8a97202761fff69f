import ShopPluginAPI

/// A line a command prints besides its result: `{"level": "warning", "text": "…"}`.
public struct RunMessage: Sendable, Equatable {
    /// `info` (the default), `warning` or `error`; both of the last print as `warning:` lines.
    public enum Level: String, Sendable {
        case info, warning, error
    }

    public var level: Level
    public var text: String

    public init(_ level: Level, _ text: String) {
        self.level = level
        self.text = text
    }

    init(_ fields: ObjectFields<WireFormatError>) throws(WireFormatError) {
        level = try fields.optionalString("level").flatMap(Level.init(rawValue:)) ?? .info
        text = try fields.string("text")
    }

    var json: Value {
        .record(Record(pairs: [("level", .string(level.rawValue)), ("text", .string(text))]))
    }
}
