import ShopValues

/// A span of the calendar a date is cut down to (`date trunc`).
public enum DateUnit: String, Sendable, CaseIterable {
    case day, week, month, year
}

/// A field of a date's calendar (`date part`).
public enum DatePart: String, Sendable, CaseIterable {
    case year, month, day, weekday, hour, minute, second
}

extension DateTime {
    /// The start of the `unit` holding this date, on the clock of its own offset (which it
    /// keeps): midnight of its day, of the Monday of its week, of the first of its month or
    /// of its year.
    public func truncated(to unit: DateUnit) throws(DateError) -> DateTime {
        var fields = self.fields
        (fields.hour, fields.minute, fields.second, fields.nanosecond) = (0, 0, 0, 0)
        switch unit {
        case .day: break
        case .week:
            let monday = CalendarDate(daysSince1970: fields.date.daysSince1970 - (fields.date.isoWeekday - 1))
            (fields.year, fields.month, fields.day) = (monday.year, monday.month, monday.day)
        case .month: fields.day = 1
        case .year: (fields.month, fields.day) = (1, 1)
        }
        return try fields.dateTime(readFrom: text)
    }

    /// The `part` of this date on the clock of its own offset; the weekday is 1 for Monday
    /// through 7 for Sunday.
    public func part(_ part: DatePart) -> Int {
        let fields = self.fields
        return switch part {
        case .year: fields.year
        case .month: fields.month
        case .day: fields.day
        case .weekday: fields.date.isoWeekday
        case .hour: fields.hour
        case .minute: fields.minute
        case .second: fields.second
        }
    }
}
