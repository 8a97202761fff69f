extension Timestamp {
    /// `seconds` since 1970 in UTC with milliseconds: `2026-01-15T10:00:00.250Z`.
    public static func format(_ seconds: Double) -> String {
        let milliseconds = Int((seconds * 1000).rounded(.down))
        let (days, dayMilliseconds) = milliseconds.quotientAndRemainder(dividingBy: 86_400_000)
        let (dayOffset, inDay) = dayMilliseconds < 0 ? (-1, dayMilliseconds + 86_400_000) : (0, dayMilliseconds)
        let date = CalendarDate(daysSince1970: days + dayOffset)
        // Written as bytes, not made of padded strings: once for every exchange an archive
        // records.
        let year = date.year
        let unusualYear = (0...9999).contains(year) ? nil : DecimalText.string(of: year)
        let count = (unusualYear?.utf8.count ?? 4) + "-MM-DDTHH:MM:SS.mmmZ".utf8.count
        return String(unsafeUninitializedCapacity: count) { buffer in
            var text = DecimalText.FieldWriter(buffer)
            if let unusualYear {
                for byte in unusualYear.utf8 { text.put(byte) }
                text.put(UInt8(ascii: "-"))
            } else {
                text.put(year, digits: 4, then: UInt8(ascii: "-"))
            }
            text.put(date.month, digits: 2, then: UInt8(ascii: "-"))
            text.put(date.day, digits: 2, then: UInt8(ascii: "T"))
            text.put(inDay / 3_600_000, digits: 2, then: UInt8(ascii: ":"))
            text.put(inDay / 60_000 % 60, digits: 2, then: UInt8(ascii: ":"))
            text.put(inDay / 1000 % 60, digits: 2, then: UInt8(ascii: "."))
            text.put(inDay % 1000, digits: 3, then: UInt8(ascii: "Z"))
            return text.end
        }
    }
}
