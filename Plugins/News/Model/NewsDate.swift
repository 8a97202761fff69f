/// A calendar date-time as the news API writes it: `2026-01-14T00:00:00`, no time zone.
///
/// The API's dates name a day on the publisher's calendar, not an instant, so they are kept
/// as fields and parsed by hand — never through a locale- or zone-dependent formatter.
/// Accepted forms: `YYYY-MM-DD`, optionally followed by `THH:MM`, `:SS` and fractional
/// seconds; a trailing `Z` or `±HH:MM` is accepted and ignored (the fields are kept as
/// written). Encodes back to `YYYY-MM-DDTHH:MM:SS`.
public struct NewsDate: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var year: Int
    public var month: Int
    public var day: Int
    public var hour: Int
    public var minute: Int
    public var second: Int

    /// A date from fields; nil when they do not name a real calendar day and time.
    public init?(year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0) {
        guard (1...9999).contains(year), (1...12).contains(month),
            (1...Self.daysIn(month: month, year: year)).contains(day),
            (0...23).contains(hour), (0...59).contains(minute), (0...60).contains(second)
        else { return nil }
        (self.year, self.month, self.day) = (year, month, day)
        (self.hour, self.minute, self.second) = (hour, minute, second)
    }

    /// Parses the API's format; nil for anything else.
    public init?(parsing text: String) {
        var scanner = DigitScanner(Array(text.utf8))
        guard let year = scanner.number(digits: 4), scanner.consume("-"),
            let month = scanner.number(digits: 2), scanner.consume("-"),
            let day = scanner.number(digits: 2)
        else { return nil }
        var (hour, minute, second) = (0, 0, 0)
        if scanner.consume("T") || scanner.consume(" ") {
            guard let h = scanner.number(digits: 2), scanner.consume(":"),
                let m = scanner.number(digits: 2)
            else { return nil }
            (hour, minute) = (h, m)
            if scanner.consume(":") {
                guard let s = scanner.number(digits: 2) else { return nil }
                second = s
                if scanner.consume(".") {
                    guard scanner.skipDigits() > 0 else { return nil }
                }
            }
            if scanner.consume("Z") {
            } else if scanner.consume("+") || scanner.consume("-") {
                guard scanner.number(digits: 2) != nil else { return nil }
                _ = scanner.consume(":")
                guard scanner.number(digits: 2) != nil else { return nil }
            }
        }
        guard scanner.atEnd else { return nil }
        self.init(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
    }

    /// `2026-01-14T00:00:00`.
    public var description: String {
        "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T\(pad(hour, 2)):\(pad(minute, 2)):\(pad(second, 2))"
    }

    /// Days since 1970-01-01 of this date's calendar day (proleptic Gregorian).
    public var dayNumber: Int {
        // Howard Hinnant's days_from_civil.
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// `Today`, `Yesterday`, or `14 Jan 2026`, seen from the day `today`.
    public func dayLabel(today: NewsDate) -> String {
        switch today.dayNumber - dayNumber {
        case 0: "Today"
        case 1: "Yesterday"
        default: "\(day) \(Self.monthAbbreviations[month - 1]) \(year)"
        }
    }

    public static func < (lhs: NewsDate, rhs: NewsDate) -> Bool {
        (lhs.year, lhs.month, lhs.day, lhs.hour, lhs.minute, lhs.second)
            < (rhs.year, rhs.month, rhs.day, rhs.hour, rhs.minute, rhs.second)
    }

    private static let monthAbbreviations = [
        "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ]

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    private func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}

/// Reads fixed-width ASCII digits and single characters from UTF-8 bytes.
private struct DigitScanner {
    private let bytes: [UInt8]
    private var index = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var atEnd: Bool { index == bytes.count }

    mutating func number(digits: Int) -> Int? {
        guard index + digits <= bytes.count else { return nil }
        var value = 0
        for byte in bytes[index..<index + digits] {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        index += digits
        return value
    }

    mutating func consume(_ character: Unicode.Scalar) -> Bool {
        guard index < bytes.count, bytes[index] == UInt8(ascii: character) else { return false }
        index += 1
        return true
    }

    mutating func skipDigits() -> Int {
        let start = index
        while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
        return index - start
    }
}
