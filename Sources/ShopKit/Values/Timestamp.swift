/// Reads ISO 8601 dates and times such as `2026-01-15`, `2026-01-14T00:00:00`,
/// `2026-01-15T10:00:00Z` and `2026-01-15T10:00:00.250+03:00`, without locales.
public enum Timestamp {
    /// Seconds since 1970 for `text`; a time without a zone is read as UTC. Nil when malformed.
    public static func parse(_ text: String) -> Double? {
        var scanner = DigitScanner(text)
        guard let year = scanner.number(digits: 4), scanner.consume("-"),
            let month = scanner.number(digits: 2), scanner.consume("-"),
            let day = scanner.number(digits: 2)
        else { return nil }
        let date = CalendarDate(year: year, month: month, day: day)
        guard date.isValid else { return nil }
        var seconds = Double(date.daysSince1970) * 86_400
        if scanner.isAtEnd { return seconds }
        guard scanner.consume("T") || scanner.consume(" "), let hour = scanner.number(digits: 2), hour < 24,
            scanner.consume(":"), let minute = scanner.number(digits: 2), minute < 60
        else { return nil }
        seconds += Double(hour * 3600 + minute * 60)
        if scanner.consume(":") {
            guard let second = scanner.number(digits: 2), second < 61 else { return nil }
            seconds += Double(second)
            if scanner.consume(".") {
                guard let fraction = scanner.fraction() else { return nil }
                seconds += fraction
            }
        }
        if scanner.isAtEnd || scanner.consume("Z") || scanner.consume("z") {
            return scanner.isAtEnd ? seconds : nil
        }
        let sign: Double
        if scanner.consume("+") {
            sign = 1
        } else if scanner.consume("-") {
            sign = -1
        } else {
            return nil
        }
        guard let offsetHours = scanner.number(digits: 2) else { return nil }
        _ = scanner.consume(":")
        let offsetMinutes = scanner.number(digits: 2) ?? 0
        guard scanner.isAtEnd else { return nil }
        return seconds - sign * Double(offsetHours * 3600 + offsetMinutes * 60)
    }
}

/// Reads fixed-width digits and separators from the start of a string.
private struct DigitScanner {
    private var utf8: Substring.UTF8View

    init(_ text: String) {
        utf8 = text[...].utf8
    }

    var isAtEnd: Bool { utf8.isEmpty }

    mutating func consume(_ character: Unicode.Scalar) -> Bool {
        guard utf8.first == UInt8(ascii: character) else { return false }
        utf8 = utf8.dropFirst()
        return true
    }

    mutating func number(digits: Int) -> Int? {
        var value = 0
        for _ in 0..<digits {
            guard let byte = utf8.first, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
            utf8 = utf8.dropFirst()
        }
        return value
    }

    mutating func fraction() -> Double? {
        var value = 0.0
        var scale = 0.1
        var count = 0
        while let byte = utf8.first, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
            value += Double(byte - UInt8(ascii: "0")) * scale
            scale /= 10
            count += 1
            utf8 = utf8.dropFirst()
        }
        return count > 0 ? value : nil
    }
}
