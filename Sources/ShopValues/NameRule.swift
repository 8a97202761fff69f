/// What a name of a variable, a parameter or a command may be: a letter or `_`, then letters,
/// digits and `_` (ASCII only).
package enum NameRule {
    /// Whether `byte` may start a name.
    package static func isStart(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
            || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || byte == UInt8(ascii: "_")
    }

    /// Whether `byte` may follow the first byte of a name.
    package static func isContinuation(_ byte: UInt8) -> Bool {
        isStart(byte) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
    }

    /// Whether `name` is a name.
    package static func isName(_ name: String) -> Bool {
        var isEmpty = true
        for byte in name.utf8 {
            guard isEmpty ? isStart(byte) : isContinuation(byte) else { return false }
            isEmpty = false
        }
        return !isEmpty
    }
}
