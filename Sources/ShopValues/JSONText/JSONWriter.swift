/// Writes values as JSON text.
///
/// A long list is cut short when the task is cancelled (Ctrl-C), so that writing a million
/// rows stops at once: the text is then incomplete, and the caller, being cancelled, drops it.
///
/// The text is made as UTF-8 bytes and turned into a `String` once: appending to a `String`
/// piece by piece took a tenth of fetching and showing 100 news pages with `--format json`.
public enum JSONWriter {
    /// The value on one line, without spaces: what `--format json` prints.
    public static func compact(_ value: Value) -> String {
        text { write(value, into: &$0, indent: nil, level: 0) }
    }

    /// Calls `body` with the value's compact JSON as UTF-8 bytes, without making a `String`.
    public static func withCompactBytes<Result>(
        _ value: Value, _ body: (UnsafeBufferPointer<UInt8>) -> Result
    ) -> Result {
        var output = JSONOutput()
        write(value, into: &output, indent: nil, level: 0)
        return output.withBytes(body)
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
        text { appendQuoted(string, to: &$0) }
    }

    private static func text(_ body: (inout JSONOutput) -> Void) -> String {
        var output = JSONOutput()
        body(&output)
        return output.text
    }

    private static func write(_ value: Value, into output: inout JSONOutput, indent: Int?, level: Int) {
        switch value {
        case .null: output.append("null")
        case .bool(let bool): output.append(bool ? "true" : "false")
        case .int(let int): writeInteger(int, into: &output)
        case .double(let double):
            var text = double.isFinite ? Number.double(double).text : "null"
            text.withUTF8 { output.append($0) }
        case .exact(let exact):
            var text = exact.text
            text.withUTF8 { output.append($0) }
        case .string(let string): appendQuoted(string, to: &output)
        // Outside shop's values a date is ISO 8601 text and a duration its seconds.
        case .date(let date): appendQuoted(date.text, to: &output)
        case .duration(let duration): write(Value(duration.secondsNumber), into: &output, indent: indent, level: level)
        // Elements and fields are written from where they are: taking each out by subscript
        // copied it, a retain and a release a value.
        case .list(let elements):
            output.append(0x5B)
            elements.array.withUnsafeBufferPointer { elements in
                for index in elements.indices {
                    if ParallelParts.isCancelled(atRow: index + 1) { break }
                    if index > 0 { output.append(0x2C) }
                    if let indent { newLine(into: &output, spaces: indent * (level + 1)) }
                    write(elements[index], into: &output, indent: indent, level: level + 1)
                }
            }
            if let indent, !elements.isEmpty { newLine(into: &output, spaces: indent * level) }
            output.append(0x5D)
        case .record(let record):
            output.append(0x7B)
            writeFields(of: record, into: &output, indent: indent, level: level)
            if let indent, record.count > 0 { newLine(into: &output, spaces: indent * level) }
            output.append(0x7D)
        }
    }

    /// The members of `record`, from where its values are; a string kept as plain text
    /// (``TextRecordValues``) is copied as it is.
    private static func writeFields(of record: Record, into output: inout JSONOutput, indent: Int?, level: Int) {
        func startField(_ index: Int) {
            if index > 0 { output.append(0x2C) }
            if let indent { newLine(into: &output, spaces: indent * (level + 1)) }
            output.appendKey(index, of: record.names, spaced: indent != nil)
        }
        if case .text(let buffer) = record.storage {
            buffer.withSlots { text, slots in
                for index in slots.indices {
                    startField(index)
                    switch slots[index] {
                    case .value(let value): write(value, into: &output, indent: indent, level: level + 1)
                    case .text(let range): output.appendQuoted(plain: UnsafeBufferPointer(rebasing: text[range]))
                    }
                }
            }
            return
        }
        record.values.withUnsafeBufferPointer { values in
            for index in values.indices {
                startField(index)
                write(values[index], into: &output, indent: indent, level: level + 1)
            }
        }
    }

    private static func newLine(into output: inout JSONOutput, spaces: Int) {
        output.append(0x0A)
        for _ in 0..<spaces { output.append(0x20) }
    }

    /// The decimal digits of `int`, without making a `String`.
    private static func writeInteger(_ int: Int, into output: inout JSONOutput) {
        let count = DecimalText.count(of: int)
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: count) { digits in
            DecimalText.write(int, into: digits)
            output.append(UnsafeBufferPointer(digits))
        }
    }

    /// Appends the string in quotes, escaped for JSON: a quote, backslash, control character
    /// (C1 controls are 0xC2 0x80…0x9F in UTF-8) or DEL. Most strings need no escape and are
    /// copied whole.
    package static func appendQuoted(_ string: String, to output: inout [UInt8]) {
        var string = string
        string.withUTF8 { input in
            output.append(0x22)
            if needsEscape(input) {
                appendEscaped(input) { output.append(contentsOf: $0) }
            } else {
                output.append(contentsOf: input)
            }
            output.append(0x22)
        }
    }

    private static func appendQuoted(_ string: String, to output: inout JSONOutput) {
        // In place (a native string is contiguous): `withUTF8` wants a copy of the string.
        let plain = string.utf8.withContiguousStorageIfAvailable { output.appendQuotedIfPlain($0) }
        guard plain != true else { return }
        var string = string
        string.withUTF8 { input in
            output.append(0x22)
            appendEscaped(input) { output.append($0) }
            output.append(0x22)
        }
    }

    /// Whether any byte of `input` is one ``appendEscaped(_:to:)`` changes; eight at a time.
    private static func needsEscape(_ input: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = input.baseAddress else { return false }
        let raw = UnsafeRawPointer(base)
        var offset = 0
        while input.count - offset >= 8 {
            let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            if JSONPlainBytes.needsEscape(word) { return true }
            offset += 8
        }
        while offset < input.count {
            let byte = input[offset]
            if byte < 0x20 || byte == 0x22 || byte == 0x5C || byte == 0x7F || byte == 0xC2 { return true }
            offset += 1
        }
        return false
    }

    /// `input` escaped, in one pass over its bytes into a buffer sized for the worst case (a
    /// news page inside an HTTP archive has a quote every few bytes: appending the runs
    /// between escapes one at a time was the recorder's main cost). The runs are copied eight
    /// bytes at a time up to the next byte to escape, not byte by byte.
    private static func appendEscaped(
        _ input: UnsafeBufferPointer<UInt8>, to append: (UnsafeBufferPointer<UInt8>) -> Void
    ) {
        // At most six bytes out per byte in (`\u001b`); a word copied whole before its first
        // byte to escape writes at most eight past the end, which the next bytes overwrite.
        let escaped = [UInt8](unsafeUninitializedCapacity: input.count * 6 + 8) { out, count in
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
            guard let source = input.baseAddress, let target = out.baseAddress else {
                count = 0
                return
            }
            var offset = 0
            while offset < input.count {
                while input.count - offset >= 8 {
                    let word = UnsafeRawPointer(source + offset).loadUnaligned(as: UInt64.self)
                    UnsafeMutableRawPointer(target + end).storeBytes(of: word, as: UInt64.self)
                    let special = JSONPlainBytes.escapeBytes(in: UInt64(littleEndian: word))
                    guard special != 0 else {
                        end += 8
                        offset += 8
                        continue
                    }
                    let run = special.trailingZeroBitCount / 8
                    end += run
                    offset += run
                    // A quote or backslash, the common case in JSON text, is escaped here without
                    // leaving the loop; the rest below.
                    let byte = input[offset]
                    guard byte == 0x22 || byte == 0x5C else { break }
                    put(0x5C)
                    put(byte)
                    offset += 1
                }
                guard offset < input.count else { break }
                let byte = input[offset]
                offset += 1
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
                // U+0080…U+009F are 0xC2 0x80…0x9F.
                case 0xC2 where offset < input.count && (0x80...0x9F).contains(input[offset]):
                    putUnicodeEscape(input[offset])
                    offset += 1
                default: put(byte)
                }
            }
            count = end
        }
        escaped.withUnsafeBufferPointer(append)
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)
}
