/// A day of the proleptic Gregorian calendar, computed without locales or time-zone tables.
public struct CalendarDate: Sendable, Equatable, Hashable, Comparable {
    public var year: Int
    /// 1 to 12.
    public var month: Int
    /// 1 to 31.
    public var day: Int

    public init(year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// The UTC day containing the instant `seconds` after 1970-01-01T00:00:00Z.
    public init(secondsSince1970 seconds: Double) {
        let days = Int((seconds / 86_400).rounded(.down))
        self.init(daysSince1970: days)
    }

    /// The day `days` after 1970-01-01 (negative before it).
    public init(daysSince1970 days: Int) {
        // Howard Hinnant's civil_from_days.
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        self.init(year: yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month: month, day: day)
    }

    /// Days since 1970-01-01.
    public var daysSince1970: Int {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// 0 for Sunday through 6 for Saturday.
    public var weekday: Int {
        ((daysSince1970 % 7 + 7) % 7 + 4) % 7
    }

    /// 1 for Monday through 7 for Sunday (ISO 8601's numbering).
    public var isoWeekday: Int {
        weekday == 0 ? 7 : weekday
    }

    /// The day as ISO 8601 writes it: `2026-01-15`.
    public var text: String {
        func padded(_ value: Int, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return "\(padded(year, 4))-\(padded(month, 2))-\(padded(day, 2))"
    }

    /// The English weekday name: `Monday`.
    public var weekdayName: String {
        ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"][weekday]
    }

    /// The English month name: `January`.
    public var monthName: String {
        [
            "January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
            "November", "December",
        ][month - 1]
    }

    /// Whether the fields name a real day.
    public var isValid: Bool {
        guard (1...12).contains(month), day >= 1 else { return false }
        return day <= Self.dayCount(month: month, year: year)
    }

    /// The days of `month` in `year`: February has 29 in a leap year (every fourth year, but
    /// of the centuries only those divisible by 400).
    package static func dayCount(month: Int, year: Int) -> Int {
        switch month {
        case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    public static func < (lhs: CalendarDate, rhs: CalendarDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }
}
