import ShopValues

/// The type an unquoted word gets: numbers, `true`, `false` and `null` are literals, the
/// rest is a string. A number written otherwise than shop writes it (`1.50`, `007`, `-0`,
/// `1e5`) keeps its text (``ExactNumber``).
package enum LiteralValue {
    /// The value of an unquoted word; a whole number past 64 bits is an error.
    package static func infer(_ text: String) throws(NumberError) -> Value {
        guard let first = text.utf8.first else { return .string(text) }
        switch first {
        case UInt8(ascii: "t") where text == "true": return .bool(true)
        case UInt8(ascii: "f") where text == "false": return .bool(false)
        case UInt8(ascii: "n") where text == "null": return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number(text) ?? .string(text)
        default: return .string(text)
        }
    }

    /// `-?digits` of at most 18 digits, read in one pass over the bytes (the common number:
    /// counters, ids, loop variables); nil for anything else.
    private static func smallInteger(_ text: String) -> Int? {
        // Over the bytes in place: a loop over `text.utf8` takes a byte out of the string at a time.
        if let integer = text.utf8.withContiguousStorageIfAvailable({ smallInteger(in: $0) }) { return integer }
        return smallInteger(in: text.utf8)
    }

    private static func smallInteger(in bytes: some Sequence<UInt8>) -> Int? {
        var magnitude = 0
        var digits = 0
        var isNegative = false
        for byte in bytes {
            if byte == UInt8(ascii: "-"), digits == 0, !isNegative {
                isNegative = true
                continue
            }
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9"), digits < 18 else { return nil }
            magnitude = magnitude * 10 + Int(byte &- UInt8(ascii: "0"))
            digits += 1
        }
        guard digits > 0 else { return nil }
        return isNegative ? -magnitude : magnitude
    }

    /// `-?digits`, `-?digits.digits` and an optional exponent; nil for anything else.
    private static func number(_ text: String) throws(NumberError) -> Value? {
        if let int = smallInteger(text) { return ExactNumber.value(.int(int), readFrom: text) }
        var utf8 = text.utf8[...]
        if utf8.first == UInt8(ascii: "-") { utf8 = utf8.dropFirst() }
        let integerDigits = utf8.prefix { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
        guard !integerDigits.isEmpty else { return nil }
        utf8 = utf8.dropFirst(integerDigits.count)
        if utf8.isEmpty {
            if integerDigits.count < 19 {
                let magnitude = integerDigits.reduce(0) { $0 * 10 + Int($1 &- UInt8(ascii: "0")) }
                let int = text.utf8.first == UInt8(ascii: "-") ? -magnitude : magnitude
                return ExactNumber.value(.int(int), readFrom: text)
            }
            guard let int = Int(text) else { throw .integerTooLarge(text) }
            return ExactNumber.value(.int(int), readFrom: text)
        }
        if utf8.first == UInt8(ascii: ".") {
            utf8 = utf8.dropFirst()
            let fraction = utf8.prefix { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
            guard !fraction.isEmpty else { return nil }
            utf8 = utf8.dropFirst(fraction.count)
        }
        if let marker = utf8.first, marker == UInt8(ascii: "e") || marker == UInt8(ascii: "E") {
            utf8 = utf8.dropFirst()
            if let sign = utf8.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { utf8 = utf8.dropFirst() }
            let exponent = utf8.prefix { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
            guard !exponent.isEmpty else { return nil }
            utf8 = utf8.dropFirst(exponent.count)
        }
        guard utf8.isEmpty, let double = Double(text), double.isFinite else { return nil }
        return ExactNumber.value(.double(double), readFrom: text)
    }
}
