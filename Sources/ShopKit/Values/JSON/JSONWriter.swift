/// Writes values as JSON text.
public enum JSONWriter {
    /// The value on one line, without spaces: what `--format json` prints.
    public static func compact(_ value: Value) -> String {
        var output = ""
        write(value, into: &output, indent: nil, level: 0)
        return output
    }

    /// The value indented by two spaces per level: what state files hold.
    public static func pretty(_ value: Value) -> String {
        var output = ""
        write(value, into: &output, indent: "  ", level: 0)
        return output
    }

    /// Appends `value` to `output`; `indent` nil writes compact JSON.
    public static func write(_ value: Value, into output: inout String, indent: String?, level: Int) {
        switch value {
        case .null: output += "null"
        case .bool(let bool): output += bool ? "true" : "false"
        case .int(let int): output += String(int)
        case .double(let double): output += double.isFinite ? format(double) : "null"
        case .string(let string): writeString(string, into: &output)
        case .list(let elements):
            writeContainer(open: "[", close: "]", count: elements.count, into: &output, indent: indent, level: level) {
                write(elements[$0], into: &$1, indent: indent, level: level + 1)
            }
        case .record(let record):
            writeContainer(open: "{", close: "}", count: record.count, into: &output, indent: indent, level: level) {
                writeString(record.names.names[$0], into: &$1)
                $1 += indent == nil ? ":" : ": "
                write(record.values[$0], into: &$1, indent: indent, level: level + 1)
            }
        }
    }

    /// A JSON string literal for `string`, quotes included.
    public static func quote(_ string: String) -> String {
        var output = ""
        writeString(string, into: &output)
        return output
    }

    private static func writeContainer(
        open: Character, close: Character, count: Int, into output: inout String,
        indent: String?, level: Int, element: (Int, inout String) -> Void
    ) {
        output.append(open)
        guard count > 0 else {
            output.append(close)
            return
        }
        for index in 0..<count {
            if index > 0 { output += "," }
            if let indent { output += "\n" + String(repeating: indent, count: level + 1) }
            element(index, &output)
        }
        if let indent { output += "\n" + String(repeating: indent, count: level) }
        output.append(close)
    }

    private static func format(_ double: Double) -> String {
        if double == double.rounded(), abs(double) < 1e15 { return String(Int(double)) + ".0" }
        return String(double)
    }

    private static func writeString(_ string: String, into output: inout String) {
        output += "\""
        // Most strings need no escape: no quote, backslash, control character (C1 controls
        // start with the byte 0xC2 in UTF-8, as do a few other characters), nor DEL.
        if string.utf8.allSatisfy({ $0 >= 0x20 && $0 != 0x22 && $0 != 0x5C && $0 != 0x7F && $0 != 0xC2 }) {
            output += string
        } else {
            output += escaped(string)
        }
        output += "\""
    }

    /// The text escaped for the inside of a JSON string, in one pass over its UTF-8 bytes (a
    /// news page inside an HTTP archive has a quote every few bytes: appending the runs
    /// between escapes one at a time was the recorder's main cost).
    private static func escaped(_ string: String) -> String {
        var string = string
        return string.withUTF8 { input in
            // At most six bytes out per byte in (`\u001b`).
            let bytes = [UInt8](unsafeUninitializedCapacity: input.count * 6) { out, count in
                var end = 0
                func put(_ byte: UInt8) {
                    out[end] = byte
                    end += 1
                }
                func putUnicodeEscape(_ value: UInt8) {
                    for byte in "\\u00".utf8 { put(byte) }
                    put(hexDigits[Int(value >> 4)])
                    put(hexDigits[Int(value & 0x0F)])
                }
                var previous: UInt8 = 0
                for byte in input {
                    switch byte {
                    case 0x22, 0x5C:
                        put(0x5C)
                        put(byte)
                    case 0x0A:
                        put(0x5C)
                        put(UInt8(ascii: "n"))
                    case 0x0D:
                        put(0x5C)
                        put(UInt8(ascii: "r"))
                    case 0x09:
                        put(0x5C)
                        put(UInt8(ascii: "t"))
                    case 0x00..<0x20, 0x7F: putUnicodeEscape(byte)
                    // U+0080…U+009F are 0xC2 0x80…0x9F: the lead byte is already out.
                    case 0x80...0x9F where previous == 0xC2:
                        end -= 1
                        putUnicodeEscape(byte)
                    default: put(byte)
                    }
                    previous = byte
                }
                count = end
            }
            return String(decoding: bytes, as: UTF8.self)
        }
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)
}
