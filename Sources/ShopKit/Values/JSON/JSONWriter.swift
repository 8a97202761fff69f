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
            output += "\""
            return
        }
        var plainStart = string.unicodeScalars.startIndex
        var index = plainStart
        let scalars = string.unicodeScalars
        while index < scalars.endIndex {
            let scalar = scalars[index]
            let escape: String? =
                switch scalar {
                case "\"": "\\\""
                case "\\": "\\\\"
                case "\n": "\\n"
                case "\r": "\\r"
                case "\t": "\\t"
                default:
                    scalar.value < 0x20 || scalar.value == 0x7F || (0x80...0x9F).contains(scalar.value)
                        ? "\\u" + hex4(scalar.value) : nil
                }
            if let escape {
                output += Substring(scalars[plainStart..<index])
                output += escape
                plainStart = scalars.index(after: index)
            }
            index = scalars.index(after: index)
        }
        // Appending a Substring copies the bytes at once; appending scalars one by one is far slower.
        output += Substring(scalars[plainStart..<scalars.endIndex])
        output += "\""
    }

    private static func hex4(_ value: UInt32) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
