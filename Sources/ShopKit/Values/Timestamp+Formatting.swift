extension Timestamp {
    /// `seconds` since 1970 in UTC with milliseconds: `2026-01-15T10:00:00.250Z`.
    public static func format(_ seconds: Double) -> String {
        let milliseconds = Int((seconds * 1000).rounded(.down))
        let (days, dayMilliseconds) = milliseconds.quotientAndRemainder(dividingBy: 86_400_000)
        let (dayOffset, inDay) = dayMilliseconds < 0 ? (-1, dayMilliseconds + 86_400_000) : (0, dayMilliseconds)
        let date = CalendarDate(daysSince1970: days + dayOffset)
        // Written as bytes: made of padded strings, it took 7.4k instructions, once for every
        // exchange an archive records.
        let year = date.year
        let unusualYear = (0...9999).contains(year) ? nil : DecimalText.string(of: year)
        let count = (unusualYear?.utf8.count ?? 4) + "-MM-DDTHH:MM:SS.mmmZ".utf8.count
        return String(unsafeUninitializedCapacity: count) { buffer in
            var end = 0
            func put(_ byte: UInt8) {
                buffer[end] = byte
                end += 1
            }
            func put(_ value: Int, digits: Int) {
                var rest = value
                for index in (end..<end + digits).reversed() {
                    buffer[index] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest % 10)
                    rest /= 10
                }
                end += digits
            }
            if let unusualYear { unusualYear.utf8.forEach(put) } else { put(year, digits: 4) }
            for (separator, value, digits) in [
                (UInt8(ascii: "-"), date.month, 2), (UInt8(ascii: "-"), date.day, 2),
                (UInt8(ascii: "T"), inDay / 3_600_000, 2), (UInt8(ascii: ":"), inDay / 60_000 % 60, 2),
                (UInt8(ascii: ":"), inDay / 1000 % 60, 2), (UInt8(ascii: "."), inDay % 1000, 3),
            ] {
                put(separator)
                put(value, digits: digits)
            }
            put(UInt8(ascii: "Z"))
            return end
        }
    }
}
