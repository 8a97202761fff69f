/// An instant, kept with the UTC offset it was written with: the value of `into date` and
/// `date now`.
///
/// Dates compare, sort and hash as instants (`2026-01-15T12:00:00+02:00` equals
/// `2026-01-15T10:00:00Z`); they are shown, and written as ISO 8601 text outside shop's values,
/// in the offset they were written with (none means UTC and is written without a zone; a
/// date at midnight without a zone is written as the day alone, `2026-01-15`). Years 1 to 9999.
///
/// ```swift
/// let date = try DateTime(iso: "2026-01-15T10:30:00+03:00")
/// date.fields.hour        // 10
/// date.text               // "2026-01-15T10:30:00+03:00"
/// ```
public struct DateTime: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// Whole seconds since 1970-01-01T00:00:00Z.
    public let seconds: Int
    /// Nanoseconds past ``seconds``, 0 to 999,999,999.
    public let nanoseconds: Int
    /// The offset it was written with, in minutes east of UTC; nil when none was (UTC).
    public let offsetMinutes: Int?

    /// The years a date holds.
    public static let earliestYear = 1
    public static let latestYear = 9999

    /// The instant `seconds` and `nanoseconds` (any count, carried into the seconds) after
    /// 1970 UTC, shown in `offsetMinutes`; an error when its year, in that offset, is not 1 to
    /// 9999. `text` names it in that error (its seconds by default).
    public init(seconds: Int, nanoseconds: Int = 0, offsetMinutes: Int? = nil, text: String? = nil) throws(DateError) {
        var (carry, nanoseconds) = nanoseconds.quotientAndRemainder(dividingBy: 1_000_000_000)
        if nanoseconds < 0 {
            carry -= 1
            nanoseconds += 1_000_000_000
        }
        let whole = seconds.addingReportingOverflow(carry)
        // Far past the years a date holds, the local time is not computed (it could overflow).
        let bound = 1_000_000_000_000_000
        guard !whole.overflow, abs(whole.partialValue) < bound else {
            let year = seconds < 0 ? Int.min : Int.max
            throw DateError(text: text ?? "\(seconds) seconds after 1970", reason: .yearOutOfRange(year))
        }
        let local = whole.partialValue + (offsetMinutes ?? 0) * 60
        let year = CalendarDate(daysSince1970: Self.floorDays(local)).year
        guard (Self.earliestYear...Self.latestYear).contains(year) else {
            throw DateError(text: text ?? "\(seconds) seconds after 1970", reason: .yearOutOfRange(year))
        }
        self.seconds = whole.partialValue
        self.nanoseconds = nanoseconds
        self.offsetMinutes = offsetMinutes
    }

    /// Reads ISO 8601 text: `2026-01-15`, optionally followed by `T` (or a blank) and
    /// `HH:MM`, `:SS`, a fraction of a second, and `Z` or `±HH[:MM]`.
    public init(iso text: String) throws(DateError) {
        self = try ISODate.fields(of: text).dateTime(readFrom: text)
    }

    /// The date's fields on the clock of its own offset.
    public var fields: DateFields {
        let local = seconds + (offsetMinutes ?? 0) * 60
        let days = Self.floorDays(local)
        let date = CalendarDate(daysSince1970: days)
        let inDay = local - days * 86_400
        return DateFields(
            year: date.year, month: date.month, day: date.day, hour: inDay / 3600, minute: inDay / 60 % 60,
            second: inDay % 60, nanosecond: nanoseconds, offsetMinutes: offsetMinutes)
    }

    /// The same instant shown in another offset.
    public func inOffset(_ offsetMinutes: Int?) throws(DateError) -> DateTime {
        try DateTime(seconds: seconds, nanoseconds: nanoseconds, offsetMinutes: offsetMinutes)
    }

    /// The instant as seconds since 1970, with its fraction (microsecond precision in a double).
    public var secondsSince1970: Double { Double(seconds) + Double(nanoseconds) / 1e9 }

    public var description: String { text }

    public static func == (lhs: DateTime, rhs: DateTime) -> Bool {
        lhs.seconds == rhs.seconds && lhs.nanoseconds == rhs.nanoseconds
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(seconds)
        hasher.combine(nanoseconds)
    }

    public static func < (lhs: DateTime, rhs: DateTime) -> Bool {
        (lhs.seconds, lhs.nanoseconds) < (rhs.seconds, rhs.nanoseconds)
    }

    /// The whole days since 1970 of `seconds` since 1970, rounded down.
    static func floorDays(_ seconds: Int) -> Int {
        let (days, rest) = seconds.quotientAndRemainder(dividingBy: 86_400)
        return rest < 0 ? days - 1 : days
    }
}
