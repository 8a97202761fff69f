import ShopPluginAPI

/// The `context` of a `run`: where relative paths start, and how the result will be shown.
public struct RunContext: Sendable, Equatable {
    /// The folder of the running script, else the working folder.
    public var baseDirectory: String
    /// The width the result is shown at, in columns.
    public var width: Int
    /// Whether colour is on.
    public var color: Bool
    public var format: OutputFormat
    /// Whether the command runs at an interactive prompt.
    public var interactive: Bool
    /// The session clock, seconds since 1970 (fixed in tests); whole seconds on the wire.
    public var now: Double

    public init(
        baseDirectory: String, width: Int, color: Bool, format: OutputFormat, interactive: Bool, now: Double
    ) {
        self.baseDirectory = baseDirectory
        self.width = width
        self.color = color
        self.format = format
        self.interactive = interactive
        self.now = now
    }

    init(_ fields: ObjectFields<WireFormatError>) throws(WireFormatError) {
        baseDirectory = try fields.string("baseDirectory")
        width = try fields.int("width")
        color = try fields.bool("color", default: false)
        let format = try fields.string("format")
        guard let known = OutputFormat(rawValue: format) else {
            throw WireFormatError(path: fields.path(of: "format"), "expected table, plain or json, got '\(format)'")
        }
        self.format = known
        interactive = try fields.bool("interactive", default: false)
        let now = try fields.string("now")
        guard let seconds = Timestamp.parse(now) else {
            throw WireFormatError(path: fields.path(of: "now"), "expected an ISO 8601 time, got '\(now)'")
        }
        self.now = seconds
    }

    var json: Value {
        .record(
            Record(pairs: [
                ("baseDirectory", .string(baseDirectory)), ("width", .int(width)), ("color", .bool(color)),
                ("format", .string(format.rawValue)), ("interactive", .bool(interactive)),
                ("now", .string(Self.wholeSeconds(now))),
            ]))
    }

    /// `2026-01-15T10:00:00Z`: seconds since 1970 in UTC, to the second.
    static func wholeSeconds(_ seconds: Double) -> String {
        let date = CalendarDate(secondsSince1970: seconds)
        let inDay = Int((seconds - Double(date.daysSince1970) * 86_400).rounded(.down))
        func two(_ number: Int) -> String { number < 10 ? "0\(number)" : String(number) }
        let year = String(date.year)
        return
            "\(year)-\(two(date.month))-\(two(date.day))T\(two(inDay / 3600)):\(two(inDay / 60 % 60)):\(two(inDay % 60))Z"
    }
}
