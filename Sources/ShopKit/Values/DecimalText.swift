/// The decimal text of an integer, written straight into bytes: `String(int)` goes through the
/// generic integer formatting (callgrind: 220 instructions for a short number, the text of
/// every `$n` interpolated and every int written as JSON).
enum DecimalText {
    /// How many bytes the text of `int` takes, its `-` included.
    static func count(of int: Int) -> Int {
        var digits = 1
        var rest = int.magnitude
        while rest >= 10 {
            rest /= 10
            digits += 1
        }
        return int < 0 ? digits + 1 : digits
    }

    /// Writes the text of `int` into `buffer`, which is ``count(of:)`` bytes long.
    static func write(_ int: Int, into buffer: UnsafeMutableBufferPointer<UInt8>) {
        var magnitude = int.magnitude
        var index = buffer.count
        repeat {
            index -= 1
            buffer[index] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude % 10)
            magnitude /= 10
        } while magnitude > 0
        if int < 0 { buffer[0] = UInt8(ascii: "-") }
    }

    /// The text of `int`, as a string of its exact size (a small one, kept inline, for up to
    /// fifteen bytes).
    static func string(of int: Int) -> String {
        let count = count(of: int)
        return String(unsafeUninitializedCapacity: count) { buffer in
            write(int, into: UnsafeMutableBufferPointer(rebasing: buffer[..<count]))
            return count
        }
    }
}
