extension Timestamp {
    /// `seconds` since 1970 in UTC with milliseconds: `2026-01-15T10:00:00.250Z`.
    public static func format(_ seconds: Double) -> String {
        let milliseconds = Int((seconds * 1000).rounded(.down))
        let (days, dayMilliseconds) = milliseconds.quotientAndRemainder(dividingBy: 86_400_000)
        let (dayOffset, inDay) = dayMilliseconds < 0 ? (-1, dayMilliseconds + 86_400_000) : (0, dayMilliseconds)
        let date = CalendarDate(daysSince1970: days + dayOffset)
        func pad(_ value: Int, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        let time =
            "\(pad(inDay / 3_600_000, 2)):\(pad(inDay / 60_000 % 60, 2)):\(pad(inDay / 1000 % 60, 2))."
            + pad(inDay % 1000, 3)
        return "\(pad(date.year, 4))-\(pad(date.month, 2))-\(pad(date.day, 2))T\(time)Z"
    }
}
