/// A JSON number as it is written in the bytes, read without turning it into a value: so that
/// a catalog can tell `1e3` and `1.5` from `1000`, and name a number too large for any integer.
struct NumberLiteral {
    /// The number as written.
    let text: String
    /// Whether it has neither a fraction nor an exponent.
    let isInteger: Bool
    /// Whether it starts with a minus sign.
    let isNegative: Bool
    /// The value of an integer literal, or nil when it is not one or does not fit in an `Int`.
    let integer: Int?

    /// The number that starts at `offset`; nil when no well-formed JSON number does.
    init?(at offset: Int, in bytes: UnsafeBufferPointer<UInt8>) {
        var index = offset
        func isDigit(_ index: Int) -> Bool { index < bytes.count && bytes[index] &- UInt8(ascii: "0") < 10 }
        func skipDigits() -> Bool {
            let start = index
            while isDigit(index) { index += 1 }
            return index > start
        }
        isNegative = index < bytes.count && bytes[index] == UInt8(ascii: "-")
        if isNegative { index += 1 }
        let digitsStart = index
        if index < bytes.count, bytes[index] == UInt8(ascii: "0") {
            index += 1
        } else if !skipDigits() {
            return nil
        }
        let digitsEnd = index
        var isInteger = true
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            isInteger = false
            guard skipDigits() else { return nil }
        }
        if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            isInteger = false
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                index += 1
            }
            guard skipDigits() else { return nil }
        }
        self.isInteger = isInteger
        text = String(decoding: UnsafeBufferPointer(rebasing: bytes[offset..<index]), as: UTF8.self)
        var value: Int? = 0
        for byte in bytes[digitsStart..<digitsEnd] {
            guard let before = value else { break }
            let (times, overflowed) = before.multipliedReportingOverflow(by: 10)
            let (sum, overflowedSum) = times.addingReportingOverflow(Int(byte &- UInt8(ascii: "0")))
            value = overflowed || overflowedSum ? nil : sum
        }
        if isInteger, let value {
            integer = isNegative ? -value : value
        } else {
            integer = nil
        }
    }
}
