/// Writes values as JSON text.
///
/// The text is made as UTF-8 bytes and turned into a `String` once: appending to a `String`
/// piece by piece took a tenth of fetching and showing 100 news pages with `--format json`.
public enum JSONWriter {
    /// The value on one line, without spaces: what `--format json` prints.
    public static func compact(_ value: Value) -> String {
        text { write(value, into: &$0, indent: nil, level: 0) }
    }

    /// The value indented by two spaces per level: what state files hold.
    public static func pretty(_ value: Value) -> String {
        text { write(value, into: &$0, indent: 2, level: 0) }
    }

    /// Appends `value` to `output`; `indent` nil writes compact JSON, else that many spaces a level.
    public static func write(_ value: Value, into output: inout String, indent: Int?, level: Int) {
        output += text { write(value, into: &$0, indent: indent, level: level) }
    }

    /// A JSON string literal for `string`, quotes included.
    public static func quote(_ string: String) -> String {
        text { writeString(string, into: &$0) }
    }

    private static func text(_ body: (inout [UInt8]) -> Void) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(256)
        body(&bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func write(_ value: Value, into output: inout [UInt8], indent: Int?, level: Int) {
        switch value {
        case .null: output.append(contentsOf: "null".utf8)
        case .bool(let bool): output.append(contentsOf: bool ? "true".utf8 : "false".utf8)
        case .int(let int): writeInteger(int, into: &output)
        case .double(let double): output.append(contentsOf: (double.isFinite ? format(double) : "null").utf8)
        case .string(let string): writeString(string, into: &output)
        case .list(let elements):
            writeContainer(open: 0x5B, close: 0x5D, count: elements.count, into: &output, indent: indent, level: level)
            {
                write(elements[$0], into: &$1, indent: indent, level: level + 1)
            }
        case .record(let record):
            writeContainer(open: 0x7B, close: 0x7D, count: record.count, into: &output, indent: indent, level: level) {
                writeString(record.names.names[$0], into: &$1)
                $1.append(0x3A)
                if indent != nil { $1.append(0x20) }
                write(record.values[$0], into: &$1, indent: indent, level: level + 1)
            }
        }
    }

    private static func writeContainer(
        open: UInt8, close: UInt8, count: Int, into output: inout [UInt8], indent: Int?, level: Int,
        element: (Int, inout [UInt8]) -> Void
    ) {
        output.append(open)
        guard count > 0 else {
            output.append(close)
            return
        }
        for index in 0..<count {
            if index > 0 { output.append(0x2C) }
            if let indent { newLine(into: &output, spaces: indent * (level + 1)) }
            element(index, &output)
        }
        if let indent { newLine(into: &output, spaces: indent * level) }
        output.append(close)
    }

    private static func newLine(into output: inout [UInt8], spaces: Int) {
        output.append(0x0A)
        output.append(contentsOf: repeatElement(0x20, count: spaces))
    }

    /// The decimal digits of `int`, without making a `String`.
    private static func writeInteger(_ int: Int, into output: inout [UInt8]) {
        if int < 0 { output.append(0x2D) }
        var magnitude = int.magnitude
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var count = 0
            repeat {
                digits[19 - count] = UInt8(truncatingIfNeeded: magnitude % 10) + 0x30
                magnitude /= 10
                count += 1
            } while magnitude > 0
            output.append(contentsOf: digits[(20 - count)...])
        }
    }

    private static func format(_ double: Double) -> String {
        if double == double.rounded(), abs(double) < 1e15 { return String(Int(double)) + ".0" }
        return String(double)
    }

    /// The string in quotes, escaped for JSON in one pass over its UTF-8 bytes: a quote,
    /// backslash, control character (C1 controls are 0xC2 0x80…0x9F in UTF-8) or DEL.
    private static func writeString(_ string: String, into output: inout [UInt8]) {
        output.append(0x22)
        var string = string
        string.withUTF8 { input in
            var previous: UInt8 = 0
            var run = 0
            for (index, byte) in input.enumerated() {
                defer { previous = byte }
                let plain = byte >= 0x20 && byte != 0x22 && byte != 0x5C && byte != 0x7F
                if plain && !(previous == 0xC2 && byte <= 0x9F) { continue }
                // U+0080…U+009F are 0xC2 0x80…0x9F: the lead byte is in the run, and dropped.
                let end = plain ? index - 1 : index
                output.append(contentsOf: UnsafeBufferPointer(rebasing: input[run..<end]))
                run = index + 1
                switch byte {
                case 0x22, 0x5C: output.append(contentsOf: [0x5C, byte])
                case 0x0A: output.append(contentsOf: [0x5C, UInt8(ascii: "n")])
                case 0x0D: output.append(contentsOf: [0x5C, UInt8(ascii: "r")])
                case 0x09: output.append(contentsOf: [0x5C, UInt8(ascii: "t")])
                default:
                    output.append(contentsOf: "\\u00".utf8)
                    output.append(hexDigits[Int(byte >> 4)])
                    output.append(hexDigits[Int(byte & 0x0F)])
                }
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: input[run...]))
        }
        output.append(0x22)
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)
}
