extension Duration {
    /// The duration as `date` arithmetic shows it: days, hours, minutes and seconds that are
    /// not zero, largest first (`3d 4h`, `1h 30m 5s`, `2.5s`, `-1d 12h`); `0s` when zero.
    /// Fractions of a second are shown to the nanosecond, without trailing zeros.
    public var shownText: String {
        let (wholeSeconds, attoseconds) = components
        let negative = wholeSeconds < 0 || attoseconds < 0
        let seconds = wholeSeconds.magnitude
        var nanoseconds = attoseconds.magnitude / 1_000_000_000
        var parts: [String] = []
        let units: [(UInt64, String)] = [(86_400, "d"), (3600, "h"), (60, "m")]
        var rest = seconds
        for (size, unit) in units where rest >= size {
            parts.append("\(rest / size)\(unit)")
            rest %= size
        }
        if rest > 0 || nanoseconds > 0 || parts.isEmpty {
            var text = "\(rest)"
            if nanoseconds > 0 {
                var digits = 9
                while nanoseconds % 10 == 0 {
                    nanoseconds /= 10
                    digits -= 1
                }
                let fraction = String(nanoseconds)
                text += "." + String(repeating: "0", count: digits - fraction.count) + fraction
            }
            parts.append(text + "s")
        }
        return (negative ? "-" : "") + parts.joined(separator: " ")
    }

    /// The duration in seconds, as JSON, CSV, state files and the plugin wire write it: an int
    /// when it is whole, else a double.
    public var secondsNumber: Number {
        let (seconds, attoseconds) = components
        if attoseconds == 0 { return .int(Int(seconds)) }
        return .double(Double(seconds) + Double(attoseconds) / 1e18)
    }

    /// The longest duration shop makes: 10¹⁵ seconds, some 30 million years.
    public static let longestSeconds = 1e15

    /// The duration of `seconds` seconds (a fraction to the nanosecond); nil when it is not
    /// finite or longer than ``longestSeconds``.
    public init?(secondsNumber seconds: Number) {
        guard seconds.doubleValue.isFinite, abs(seconds.doubleValue) <= Self.longestSeconds else { return nil }
        switch seconds {
        case .int(let int): self = .seconds(int)
        case .double(let double):
            let whole = double.rounded(.towardZero)
            self = .seconds(Int64(whole)) + .nanoseconds(Int64(((double - whole) * 1e9).rounded()))
        }
    }
}
