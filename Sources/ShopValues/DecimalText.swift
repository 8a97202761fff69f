/// The decimal text of an integer, written straight into bytes: `String(int)` goes through the
/// generic integer formatting, for the text of every `$n` interpolated and every int written
/// as JSON.
public enum DecimalText {
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

    /// Fixed-width numbers, zeros first, and the bytes between them, written into a buffer: the
    /// fields of dates and times (`2026-01-14T00:00:00`), without six padded strings
    /// interpolated.
    public struct FieldWriter {
        private let buffer: UnsafeMutableBufferPointer<UInt8>
        /// How many bytes are written.
        public private(set) var end = 0

        public init(_ buffer: UnsafeMutableBufferPointer<UInt8>) {
            self.buffer = buffer
        }

        /// Writes one byte.
        public mutating func put(_ byte: UInt8) {
            buffer[end] = byte
            end += 1
        }

        /// Writes `value` (0 or more, below 10 to the `digits`) in `digits` digits, then
        /// `separator` when there is one.
        public mutating func put(_ value: Int, digits: Int, then separator: UInt8? = nil) {
            var rest = value
            for index in (end..<end + digits).reversed() {
                buffer[index] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest % 10)
                rest /= 10
            }
            end += digits
            if let separator { put(separator) }
        }
    }
}
