import ShopValues

/// Writes values as CSV text (RFC 4180 quoting, a header row, lines ending in LF) that the
/// CSV readers read back to the same values.
///
/// A list of records gets the union of their fields, in the order first seen; a record is a
/// one-row table; a list of plain values is one `value` column. Null is an empty cell; a
/// number is written as it was read (``ExactNumber``) or as shop writes it; a date is its ISO
/// 8601 text and a duration its seconds; a string is quoted when it holds the separator, a
/// quote or a line break, or is empty, and also when it would read back as a number or a bool
/// — unless another string of its column, written plainly, makes the column text anyway (as a
/// usual tool writes a column of codes); nested lists and records are written as JSON. A
/// table is cut short when the task is cancelled (Ctrl-C), for a caller that then drops it.
public enum CSVWriter {
    /// The CSV text of `value`; a list that mixes records with other values fails, naming the
    /// first item that is not a record.
    public static func text(_ value: Value, separator: UInt8 = UInt8(ascii: ",")) -> Result<String, MixedItems> {
        bytes(value, separator: separator).map { String(decoding: $0, as: UTF8.self) }
    }

    /// The CSV text of `value` as UTF-8 bytes (see ``text(_:separator:)``).
    public static func bytes(_ value: Value, separator: UInt8 = UInt8(ascii: ",")) -> Result<[UInt8], MixedItems> {
        var writer = Writer(separator: separator)
        switch value {
        case .record(let record):
            writer.table([.record(record)], columns: record.names.names)
        case .list(let items):
            if let table = items.table {
                writer.table(items, columns: table.fields)
            } else if !items.contains(where: { $0.recordValue != nil }) {
                writer.line(["value"])
                for item in items { writer.line([item]) }
            } else if let index = items.firstIndex(where: { $0.recordValue == nil }) {
                return .failure(MixedItems(item: index + 1, got: items[index]))
            } else {
                writer.table(items, columns: items.fieldNames)
            }
        default:
            writer.line(["value"])
            writer.line([value])
        }
        return .success(writer.output)
    }

    /// A list that mixes records with other values, which CSV cannot hold.
    public struct MixedItems: Error, Equatable {
        /// The first item that is not a record, from 1.
        public var item: Int
        /// That item.
        public var got: Value
    }

    /// Appends lines of CSV to its output.
    private struct Writer {
        let separator: UInt8
        var output: [UInt8] = []

        /// The header, then each item's value of each column.
        mutating func table(_ items: ValueList, columns: [String]) {
            line(columns.map(Value.string), header: true)
            var readers = columns.map { FieldLookup($0) }
            var readsAsText = [Bool](repeating: false, count: columns.count)
            for (row, item) in items.enumerated() {
                if ParallelParts.isCancelled(atRow: row + 1) { return }
                for index in readers.indices where !readsAsText[index] {
                    if case .string(let string)? = readers[index].value(in: item) {
                        readsAsText[index] = makesColumnText(string)
                    }
                }
            }
            for (row, item) in items.enumerated() {
                if ParallelParts.isCancelled(atRow: row + 1) { return }
                for index in readers.indices {
                    if index > 0 { output.append(separator) }
                    cell(readers[index].value(in: item) ?? .null, inTextColumn: readsAsText[index])
                }
                output.append(UInt8(ascii: "\n"))
            }
        }

        /// Whether `string`, written as it is, makes its column read back as text.
        private func makesColumnText(_ string: String) -> Bool {
            !string.isEmpty && !needsQuotes(string) && !Self.readsAsTyped(string)
        }

        /// One line of cells; a header's names are quoted only when they must be.
        mutating func line(_ values: [Value], header: Bool = false) {
            for (index, value) in values.enumerated() {
                if index > 0 { output.append(separator) }
                if header, case .string(let name) = value {
                    quoted(name, always: false)
                } else {
                    cell(value)
                }
            }
            output.append(UInt8(ascii: "\n"))
        }

        /// One cell's text; in a column that reads back as text, a string that looks like a
        /// number needs no quotes.
        mutating func cell(_ value: Value, inTextColumn: Bool = false) {
            switch value {
            case .null: break
            case .string(let string):
                quoted(string, always: string.isEmpty || (!inTextColumn && Self.readsAsTyped(string)))
            case .list, .record: quoted(JSONWriter.compact(value), always: false)
            case .duration(let duration): output.append(contentsOf: Value(duration.secondsNumber).plainText.utf8)
            default: output.append(contentsOf: value.plainText.utf8)
            }
        }

        /// Whether `text` holds a byte that CSV must quote.
        private func needsQuotes(_ text: String) -> Bool {
            text.utf8.contains {
                $0 == separator || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r")
            }
        }

        private mutating func quoted(_ text: String, always: Bool) {
            guard always || needsQuotes(text) else { return output.append(contentsOf: text.utf8) }
            output.append(UInt8(ascii: "\""))
            for byte in text.utf8 {
                if byte == UInt8(ascii: "\"") { output.append(byte) }
                output.append(byte)
            }
            output.append(UInt8(ascii: "\""))
        }

        /// Whether a string, written unquoted, would read back as a number or a bool.
        private static func readsAsTyped(_ text: String) -> Bool {
            var text = text
            return text.withUTF8 { CSVColumnTyping.traits(ofUnquoted: $0) != .text }
        }
    }
}
