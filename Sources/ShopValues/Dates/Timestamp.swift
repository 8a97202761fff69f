/// An ISO 8601 date and time as written — `2026-01-15`, `2026-01-14T00:00:00`,
/// `2026-01-15T10:00:00Z`, `2026-01-15T10:00:00.250+03:00` — read without locales by
/// ``ISODate``: `--now`, `SHOP_NOW`, news and archive dates.
///
/// ```swift
/// Timestamp(parsing: "2026-01-15T13:00:00+03:00")?.secondsSince1970   // 1_768_471_200
/// ```
public struct Timestamp: Sendable, Equatable {
    /// The calendar day as written.
    public var date: CalendarDate
    public var hour: Int
    public var minute: Int
    public var second: Int
    /// The fraction of a second, from 0 up to 1.
    public var fraction: Double
    /// The zone written after the time, in seconds east of UTC (`Z` is 0); nil without one.
    public var utcOffset: Int?

    /// Reads ISO 8601 text (see ``ISODate``); nil for anything else or a day that does not exist.
    public init?(parsing text: String) {
        guard let fields = try? ISODate.fields(of: text) else { return nil }
        date = fields.date
        (hour, minute, second) = (fields.hour, fields.minute, fields.second)
        fraction = Double(fields.nanosecond) / 1e9
        utcOffset = fields.offsetMinutes.map { $0 * 60 }
    }

    /// The instant it names, in seconds since 1970; a time without a zone is read as UTC.
    public var secondsSince1970: Double {
        let seconds = date.daysSince1970 * 86_400 + hour * 3600 + minute * 60 + second - (utcOffset ?? 0)
        return Double(seconds) + fraction
    }

    /// Seconds since 1970 for `text` (see ``init(parsing:)``), or nil when malformed.
    public static func parse(_ text: String) -> Double? {
        Timestamp(parsing: text)?.secondsSince1970
    }
}
