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
            output += escaped(string.utf8)
        }
        output += "\""
    }

    /// The UTF-8 text escaped for the inside of a JSON string, byte by byte (a page of JSON
    /// inside an HTTP archive has a quote every few bytes: appending runs between escapes
    /// one at a time was the recorder's main cost).
    private static func escaped(_ utf8: String.UTF8View) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(utf8.count + utf8.count / 4)
        func escape(_ character: UInt8) {
            out.append(0x5C)
            out.append(character)
        }
        var previous: UInt8 = 0
        for byte in utf8 {
            switch byte {
            case 0x22, 0x5C: escape(byte)
            case 0x0A: escape(UInt8(ascii: "n"))
            case 0x0D: escape(UInt8(ascii: "r"))
            case 0x09: escape(UInt8(ascii: "t"))
            case 0x00..<0x20, 0x7F: out.append(contentsOf: ("\\u" + hex4(UInt32(byte))).utf8)
            // U+0080…U+009F are 0xC2 0x80…0x9F: the lead byte is already out.
            case 0x80...0x9F where previous == 0xC2:
                out.removeLast()
                out.append(contentsOf: ("\\u" + hex4(UInt32(byte))).utf8)
            default: out.append(byte)
            }
            previous = byte
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static func hex4(_ value: UInt32) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
