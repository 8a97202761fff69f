import ShopPluginAPI

/// A calendar date-time as the news API writes it: `2026-01-14T00:00:00`, no time zone.
///
/// The API's dates name a day on the publisher's calendar, not an instant, so they are kept
/// as fields, read by ``Timestamp`` — never through a locale- or zone-dependent
/// formatter. Accepted forms: `YYYY-MM-DD`, optionally followed by `THH:MM`, `:SS` and
/// fractional seconds; a trailing zone (`Z`, `±HH:MM`) is accepted and ignored (the fields are
/// kept as written). Encodes back to `YYYY-MM-DDTHH:MM:SS`.
public struct NewsDate: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var year: Int
    public var month: Int
    public var day: Int
    public var hour: Int
    public var minute: Int
    public var second: Int

    /// A date from fields; nil when they do not name a real calendar day and time.
    public init?(year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0) {
        guard (1...9999).contains(year), CalendarDate(year: year, month: month, day: day).isValid,
            (0...23).contains(hour), (0...59).contains(minute), (0...60).contains(second)
        else { return nil }
        (self.year, self.month, self.day) = (year, month, day)
        (self.hour, self.minute, self.second) = (hour, minute, second)
    }

    /// The start of today on `clock`'s calendar, which `Today` and `Yesterday` are seen from.
    public static func today(on clock: SessionClock) -> NewsDate? {
        let today = clock.today
        return NewsDate(year: today.year, month: today.month, day: today.day)
    }

    /// Parses the API's format (``Timestamp``'s, the zone ignored); nil for anything else.
    public init?(parsing text: String) {
        var text = text
        guard let date = text.withUTF8({ NewsDate(utf8: $0) }) else { return nil }
        self = date
    }

    /// Parses the API's format from its UTF-8 bytes, as ``init(parsing:)`` does: the form
    /// every page carries, `2026-01-14T00:00:00`, read digit by digit (``Timestamp``, more
    /// general, is much slower), and any other through ``Timestamp``.
    public init?(utf8 bytes: UnsafeBufferPointer<UInt8>) {
        if let date = Self.plain(bytes) {
            self = date
            return
        }
        guard let written = Timestamp(parsing: String(decoding: bytes, as: UTF8.self)) else { return nil }
        self.init(
            year: written.date.year, month: written.date.month, day: written.date.day, hour: written.hour,
            minute: written.minute, second: written.second)
    }

    /// Whether `bytes` hold a date as ``description`` writes it: the form every page carries,
    /// which is kept as it is; any other is read and written again.
    public static func isWrittenAsDescription(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        plain(bytes) != nil
    }

    /// `2026-01-14T00:00:00`; nil for any other text.
    private static func plain(_ bytes: UnsafeBufferPointer<UInt8>) -> NewsDate? {
        guard bytes.count == 19, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
            bytes[10] == UInt8(ascii: "T"), bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":")
        else { return nil }
        var digits = true
        func number(_ start: Int, _ width: Int) -> Int {
            var value = 0
            for offset in start..<start + width {
                let digit = bytes[offset] &- UInt8(ascii: "0")
                digits = digits && digit < 10
                value = value &* 10 &+ Int(digit)
            }
            return value
        }
        let (year, month, day) = (number(0, 4), number(5, 2), number(8, 2))
        let (hour, minute, second) = (number(11, 2), number(14, 2), number(17, 2))
        guard digits else { return nil }
        return NewsDate(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
    }

    /// `2026-01-14T00:00:00`, written digit by digit: interpolating six padded strings took
    /// a fifth of turning a news page into state values.
    public var description: String {
        String(unsafeUninitializedCapacity: 19) { buffer in
            var text = DecimalText.FieldWriter(buffer)
            text.put(year, digits: 4, then: UInt8(ascii: "-"))
            text.put(month, digits: 2, then: UInt8(ascii: "-"))
            text.put(day, digits: 2, then: UInt8(ascii: "T"))
            text.put(hour, digits: 2, then: UInt8(ascii: ":"))
            text.put(minute, digits: 2, then: UInt8(ascii: ":"))
            text.put(second, digits: 2)
            return text.end
        }
    }

    /// Days since 1970-01-01 of this date's calendar day (proleptic Gregorian).
    public var dayNumber: Int {
        CalendarDate(year: year, month: month, day: day).daysSince1970
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
}
