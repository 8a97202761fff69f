import ShopValues

/// Values as a Markdown table (GitHub's pipe tables), padded so the text lines up too.
///
/// A list of records gets the union of their fields as columns; a record becomes a
/// `field | value` table; a list of plain values one `value` column; anything else its text.
/// Columns of numbers are right-aligned; `|` in a cell is escaped and line breaks become
/// `<br>`; nested lists and records are written as JSON.
public enum MarkdownTable {
    /// The Markdown text of `value`, ending in a line break.
    public static func text(_ value: Value) -> String {
        switch value {
        case .record(let record):
            return table(
                headers: ["field", "value"], rows: record.fields.map { [$0.name, cell($0.value)] },
                numeric: [false, record.values.allSatisfy(isNumber)])
        case .list(let items):
            guard items.allSatisfy({ $0.recordValue != nil }), !items.isEmpty else {
                return table(headers: ["value"], rows: items.map { [cell($0)] }, numeric: [items.allSatisfy(isNumber)])
            }
            var columns: [String] = []
            var seen: Set<String> = []
            for case .record(let record) in items {
                for name in record.names.names where seen.insert(name).inserted { columns.append(name) }
            }
            let values = items.map { item in columns.map { item.recordValue?[$0] ?? .null } }
            return table(
                headers: columns, rows: values.map { $0.map(cell) },
                numeric: columns.indices.map { column in values.allSatisfy { isNumber($0[column]) } })
        default:
            return value.plainText + "\n"
        }
    }

    private static func isNumber(_ value: Value) -> Bool {
        value.isNumber || value.isNull
    }

    private static func cell(_ value: Value) -> String {
        let text: String
        switch value {
        case .null: text = ""
        case .list, .record: text = JSONWriter.compact(value)
        default: text = value.plainText
        }
        return escaped(text)
    }

    private static func escaped(_ text: String) -> String {
        text.replacing("|", with: "\\|").replacing("\r\n", with: "<br>").replacing("\n", with: "<br>")
    }

    private static func table(headers: [String], rows: [[String]], numeric: [Bool]) -> String {
        let headers = headers.map(escaped)
        var widths = headers.map { max(3, DisplayWidth.of($0)) }
        for row in rows {
            for (column, text) in row.enumerated() { widths[column] = max(widths[column], DisplayWidth.of(text)) }
        }
        func line(_ cells: [String]) -> String {
            let padded = cells.enumerated().map { column, text in
                let gap = String(repeating: " ", count: widths[column] - DisplayWidth.of(text))
                return numeric[column] ? gap + text : text + gap
            }
            return "| " + padded.joined(separator: " | ") + " |"
        }
        let rule = widths.enumerated().map { column, width in
            numeric[column] ? String(repeating: "-", count: width + 1) + ":" : String(repeating: "-", count: width + 2)
        }
        var lines = [line(headers), "|" + rule.joined(separator: "|") + "|"]
        lines += rows.map(line)
        return lines.joined(separator: "\n") + "\n"
    }
}
