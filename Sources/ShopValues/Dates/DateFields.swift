/// A date and time as written on a clock in some zone: the fields a date is read into and
/// shown from, before they are checked and turned into an instant (``DateTime``).
public struct DateFields: Sendable, Equatable {
    public var year: Int
    /// 1 to 12.
    public var month: Int
    /// 1 to the days of the month.
    public var day: Int
    public var hour = 0
    public var minute = 0
    /// 0 to 60 (a leap second counts into the next minute).
    public var second = 0
    /// 0 to 999,999,999.
    public var nanosecond = 0
    /// The zone written, in minutes east of UTC; nil when none was (read as UTC).
    public var offsetMinutes: Int?

    public init(
        year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0, nanosecond: Int = 0,
        offsetMinutes: Int? = nil
    ) {
        (self.year, self.month, self.day) = (year, month, day)
        (self.hour, self.minute, self.second, self.nanosecond) = (hour, minute, second, nanosecond)
        self.offsetMinutes = offsetMinutes
    }

    /// The calendar day.
    public var date: CalendarDate { CalendarDate(year: year, month: month, day: day) }

    /// The instant these fields name; an error saying which field is out of its range (`February
    /// 2026 has 28 days`), for `text`, the text they were read from.
    public func dateTime(readFrom text: String) throws(DateError) -> DateTime {
        func fail(_ reason: DateError.Reason) -> DateError { DateError(text: text, reason: reason) }
        guard (DateTime.earliestYear...DateTime.latestYear).contains(year) else { throw fail(.yearOutOfRange(year)) }
        guard (1...12).contains(month) else { throw fail(.outOfRange(field: "month", value: month, range: 1...12)) }
        let days = CalendarDate.dayCount(month: month, year: year)
        guard (1...days).contains(day) else {
            throw fail(.noSuchDay(month: date.monthName, year: year, days: days, day: day))
        }
        guard (0...23).contains(hour) else { throw fail(.outOfRange(field: "hour", value: hour, range: 0...23)) }
        guard (0...59).contains(minute) else { throw fail(.outOfRange(field: "minute", value: minute, range: 0...59)) }
        guard (0...60).contains(second) else { throw fail(.outOfRange(field: "second", value: second, range: 0...60)) }
        let seconds = date.daysSince1970 * 86_400 + hour * 3600 + minute * 60 + second - (offsetMinutes ?? 0) * 60
        return try DateTime(seconds: seconds, nanoseconds: nanosecond, offsetMinutes: offsetMinutes, text: text)
    }
}
