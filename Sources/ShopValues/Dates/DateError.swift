/// Why a text is not a date, or a date cannot be made: each a one-line message naming the
/// text (`'2026-02-30' is not a date: February 2026 has 28 days`).
public struct DateError: Error, Equatable, CustomStringConvertible {
    /// What is wrong.
    public enum Reason: Equatable, Sendable {
        /// Not ISO 8601 text (and no format was given).
        case notISO
        /// The text does not fit the format: what the format expected, and the text left there.
        case doesNotFit(format: String, expected: String, at: String)
        /// A day past the end of its month.
        case noSuchDay(month: String, year: Int, days: Int, day: Int)
        /// A field outside its range (`month 13 is not 1 to 12`).
        case outOfRange(field: String, value: Int, range: ClosedRange<Int>)
        /// A year outside the years a date holds.
        case yearOutOfRange(Int)
        /// A weekday that is not the date's.
        case wrongWeekday(date: String, is: String, written: String)
        /// A format with a directive this reader does not know, or without a year.
        case badFormat(format: String, problem: String)
    }

    /// The text that was read (or, for a date out of range, the date's).
    public var text: String
    public var reason: Reason

    public init(text: String, reason: Reason) {
        self.text = text
        self.reason = reason
    }

    public var description: String {
        let shown = text.count > 60 ? String(text.prefix(60)) + "…" : text
        switch reason {
        case .notISO:
            return
                "'\(shown)' is not an ISO 8601 date (such as 2026-01-15 or 2026-01-15T10:00:00Z); give --format for another layout"
        case .doesNotFit(let format, let expected, let rest):
            let place = rest.isEmpty ? "at the end" : "at '\(rest.count > 20 ? String(rest.prefix(20)) + "…" : rest)'"
            return "'\(shown)' does not fit the format '\(format)': expected \(expected) \(place)"
        case .noSuchDay(let month, let year, let days, let day):
            return "'\(shown)' is not a date: \(month) \(year) has \(days) days, not \(day)"
        case .outOfRange(let field, let value, let range):
            return "'\(shown)' is not a date: \(field) \(value) is not \(range.lowerBound) to \(range.upperBound)"
        case .yearOutOfRange(let year):
            let written = year == Int.max ? "past 9999" : year == Int.min ? "before 1" : "\(year)"
            return
                "'\(shown)' is not a date shop can hold: year \(written) is not \(DateTime.earliestYear) to \(DateTime.latestYear)"
        case .wrongWeekday(let date, let weekday, let written):
            return "'\(shown)' is not a date: \(date) is a \(weekday), not a \(written)"
        case .badFormat(let format, let problem):
            return "the format '\(format)' \(problem)"
        }
    }
}
