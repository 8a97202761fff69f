extension Value {
    /// The value as text inside an interpolated string or `echo`: strings as they are,
    /// numbers and literals as written, lists and records as compact JSON.
    public var plainText: String {
        switch self {
        case .string(let string): string
        case .int(let int): Self.decimalText(of: int)
        case .bool(let bool): bool ? "true" : "false"
        case .null, .double, .list, .record: JSONWriter.compact(self)
        }
    }

    /// The decimal digits of `int`, after a `-` when it is negative, written straight into the
    /// string: `String(int)` went through the generic integer formatting (callgrind: 220
    /// instructions for a short number, the text of every `$n` interpolated).
    static func decimalText(of int: Int) -> String {
        var digits = 1
        var rest = int.magnitude
        while rest >= 10 {
            rest /= 10
            digits += 1
        }
        let count = int < 0 ? digits + 1 : digits
        return String(unsafeUninitializedCapacity: count) { buffer in
            var magnitude = int.magnitude
            var index = count
            repeat {
                index -= 1
                buffer[index] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            if int < 0 { buffer[0] = UInt8(ascii: "-") }
            return count
        }
    }

    /// The value as it appears in messages: strings quoted in '…', others as compact JSON.
    public var quoted: String {
        switch self {
        case .string(let string): "'\(string)'"
        default: JSONWriter.compact(self)
        }
    }
}
