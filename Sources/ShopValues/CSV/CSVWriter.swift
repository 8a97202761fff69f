/// Writes values as CSV text (RFC 4180 quoting, a header row, lines ending in LF) that
/// ``CSVReader`` reads back to the same values.
///
/// A list of records gets the union of their fields, in the order first seen; a record is a
/// one-row table; a list of plain values is one `value` column. Null is an empty cell; a
/// string is quoted when it holds a comma, a quote or a line break, is empty, or would read
/// back as a number; a date is its ISO 8601 text and a duration its seconds; nested lists and
/// records are written as JSON.
public enum CSVWriter {
    /// The CSV text of `value`; a list that mixes records with other values fails, naming the
    /// first item that is not a record.
    public static func text(_ value: Value) -> Result<String, MixedItems> {
        switch value {
        case .record(let record): return .success(table([.record(record)], columns: record.names.names))
        case .list(let items):
            guard items.contains(where: { $0.recordValue != nil }) else {
                return .success((["value"] + items.map(cell)).joined(separator: "\n") + "\n")
            }
            if let index = items.firstIndex(where: { $0.recordValue == nil }) {
                return .failure(MixedItems(item: index + 1, got: items[index]))
            }
            return .success(table(items, columns: columns(of: items)))
        default:
            return .success("value\n" + cell(value) + "\n")
        }
    }

    /// A list that mixes records with other values, which CSV cannot hold.
    public struct MixedItems: Error, Equatable {
        /// The first item that is not a record, from 1.
        public var item: Int
        /// That item.
        public var got: Value
    }

    private static func columns(of items: ValueList) -> [String] {
        var columns: [String] = []
        var seen: Set<String> = []
        var lastNames: FieldNames?
        for case .record(let record) in items where record.names !== lastNames {
            lastNames = record.names
            for name in record.names.names where seen.insert(name).inserted { columns.append(name) }
        }
        return columns
    }

    private static func table(_ items: ValueList, columns: [String]) -> String {
        var text = columns.map { quoted($0, always: false) }.joined(separator: ",") + "\n"
        var readers = columns.map { FieldLookup($0) }
        for item in items {
            for index in readers.indices {
                if index > 0 { text += "," }
                text += cell(readers[index].value(in: item) ?? .null)
            }
            text += "\n"
        }
        return text
    }

    /// One cell's text.
    static func cell(_ value: Value) -> String {
        switch value {
        case .null: ""
        case .string(let string): quoted(string, always: string.isEmpty || readsAsNumber(string))
        case .int, .double, .exact, .bool, .date: value.plainText
        case .duration(let duration): Value(duration.secondsNumber).plainText
        case .list, .record: quoted(JSONWriter.compact(value), always: false)
        }
    }

    private static func quoted(_ text: String, always: Bool) -> String {
        let needsQuotes = always || text.utf8.contains { $0 == 44 || $0 == 34 || $0 == 10 || $0 == 13 }
        guard needsQuotes else { return text }
        return "\"" + text.replacing("\"", with: "\"\"") + "\""
    }

    private static func readsAsNumber(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { CSVScanner.typed($0).stringValue == nil }
    }
}
