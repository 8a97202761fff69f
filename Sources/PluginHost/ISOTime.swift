import ShopPluginAPI

/// Seconds since 1970 written as ISO 8601 in UTC, `2026-01-15T10:00:00Z`: the `now` of a call.
enum ISOTime {
    static func format(_ seconds: Double) -> String {
        let date = CalendarDate(secondsSince1970: seconds)
        let inDay = Int((seconds - Double(date.daysSince1970) * 86_400).rounded(.down))
        func two(_ number: Int) -> String { number < 10 ? "0\(number)" : String(number) }
        let year = String(date.year)
        return
            "\(year)-\(two(date.month))-\(two(date.day))T\(two(inDay / 3600)):\(two(inDay / 60 % 60)):\(two(inDay % 60))Z"
    }
}
