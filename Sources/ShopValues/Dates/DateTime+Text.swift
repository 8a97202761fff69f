extension DateTime {
    /// The date as ISO 8601 text in its own offset: `2026-01-15T10:30:00+03:00`,
    /// `2026-01-15T10:30:00.25Z`, `2026-01-15T10:30:00` (no zone was written: UTC), or the day
    /// alone, `2026-01-15`, for midnight without a zone. ``init(iso:)`` reads it back to the
    /// same date.
    public var text: String {
        let fields = self.fields
        let isDay =
            offsetMinutes == nil && fields.hour == 0 && fields.minute == 0 && fields.second == 0
            && fields.nanosecond == 0
        var fraction = fields.nanosecond
        var fractionDigits = fraction == 0 ? 0 : 9
        while fractionDigits > 0, fraction % 10 == 0 {
            fraction /= 10
            fractionDigits -= 1
        }
        let zoneCount = offsetMinutes.map { $0 == 0 ? 1 : 6 } ?? 0
        let count = isDay ? 10 : 19 + (fractionDigits > 0 ? fractionDigits + 1 : 0) + zoneCount
        return String(unsafeUninitializedCapacity: count) { buffer in
            var text = DecimalText.FieldWriter(buffer)
            text.put(fields.year, digits: 4, then: UInt8(ascii: "-"))
            text.put(fields.month, digits: 2, then: UInt8(ascii: "-"))
            text.put(fields.day, digits: 2)
            guard !isDay else { return text.end }
            text.put(UInt8(ascii: "T"))
            text.put(fields.hour, digits: 2, then: UInt8(ascii: ":"))
            text.put(fields.minute, digits: 2, then: UInt8(ascii: ":"))
            text.put(fields.second, digits: 2)
            if fractionDigits > 0 {
                text.put(UInt8(ascii: "."))
                text.put(fraction, digits: fractionDigits)
            }
            switch offsetMinutes {
            case nil: break
            case 0?: text.put(UInt8(ascii: "Z"))
            case let offset?:
                text.put(offset < 0 ? UInt8(ascii: "-") : UInt8(ascii: "+"))
                text.put(abs(offset) / 60, digits: 2, then: UInt8(ascii: ":"))
                text.put(abs(offset) % 60, digits: 2)
            }
            return text.end
        }
    }
}
