import ShopValues

/// Turns a result value into text for a format: tables for lists of records (fitted to the
/// width, nested values as `[3 items]` and `{4 fields}`), the record view for a record, one
/// line per element for other lists, text for scalars.
public enum ValueRenderer {
    /// The text for `value`, lines separated by `\n`, no final newline; data is sanitized.
    public static func render(_ value: Value, in context: RenderContext) -> String {
        switch context.format {
        case .json: return JSONWriter.compact(value)
        case .plain: return plain(value)
        case .table: return table(value, in: context)
        }
    }

    /// A string value's text in the `table` and `plain` formats: as it is, made inert.
    public static func text(ofString string: String) -> String {
        Sanitizer.inert(string, keepNewlines: true)
    }

    /// A cell's text: scalars as text, nested lists and records as compact JSON, all on one line.
    public static func cell(_ value: Value) -> String {
        Sanitizer.inert(value.plainText)
    }

    /// A table cell's text: scalars as text, nested lists and records by their size (`[3
    /// items]`, `{4 fields}`), all on one line.
    public static func tableCell(_ value: Value) -> String {
        switch value {
        case .list(let items): "[\(items.count) \(items.count == 1 ? "item" : "items")]"
        case .record(let record): "{\(record.count) \(record.count == 1 ? "field" : "fields")}"
        default: cell(value)
        }
    }

    private static func table(_ value: Value, in context: RenderContext) -> String {
        switch value {
        case .string(let string): return text(ofString: string)
        case .record(let record):
            return RecordView.fields(of: record, width: context.width, style: context.style).joined(separator: "\n")
        case .list(let elements):
            if elements.isEmpty { return "(empty)" }
            guard let columns = recordColumns(elements) else {
                return elements.map { element in
                    element.stringValue.map { Sanitizer.inert($0) } ?? tableCell(element)
                }.joined(separator: "\n")
            }
            return recordTable(elements, columns: columns, cell: tableCell).render(
                width: context.width, style: context.style)
        default: return value.plainText
        }
    }

    private static func plain(_ value: Value) -> String {
        switch value {
        case .string(let string): return text(ofString: string)
        case .record(let record):
            return record.fields.map { "\(Sanitizer.inert($0.name))\t\(cell($0.value))" }.joined(separator: "\n")
        case .list(let elements):
            guard let columns = recordColumns(elements) else { return elements.map(cell).joined(separator: "\n") }
            let table = recordTable(elements, columns: columns, cell: cell)
            return ([table.headers] + table.rows).map { $0.joined(separator: "\t") }.joined(separator: "\n")
        default: return value.plainText
        }
    }

    /// The union of the field names of a list made only of records, in first-seen order; nil
    /// when some element is not a record.
    private static func recordColumns(_ elements: ValueList) -> [String]? {
        var columns: [String] = []
        var seen: Set<String> = []
        var lastNames: FieldNames?
        for element in elements {
            guard case .record(let record) = element else { return nil }
            if record.names === lastNames { continue }
            lastNames = record.names
            for name in record.names.names where seen.insert(name).inserted {
                columns.append(name)
            }
        }
        return columns
    }

    private static func recordTable(_ elements: ValueList, columns: [String], cell: (Value) -> String) -> Table {
        var numeric = Array(repeating: true, count: columns.count)
        let rows: [[String]] = elements.map { element in
            let record = element.recordValue
            return columns.enumerated().map { column, name in
                let value = record?[name] ?? .null
                if !value.isNumber, !value.isNull { numeric[column] = false }
                return value.isNull ? "" : cell(value)
            }
        }
        return Table(
            headers: columns.map { Sanitizer.inert($0) }, rows: rows,
            alignments: numeric.map { $0 ? .right : .left })
    }
}
