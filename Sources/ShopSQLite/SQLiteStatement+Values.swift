import CSQLite
import ShopFormats
import ShopValues

extension SQLiteStatement {
    /// Binds a shop value as SQLite stores it: null, a number (exact ones too) by its value,
    /// an integer or a real, a string as text, a bool as 0 or 1, a date as ISO 8601 text, a
    /// duration as its seconds, a list or record as its JSON text (see ``SQLiteColumnType``).
    package func bind(_ value: Value, at index: Int32) throws(SQLiteFailure) {
        switch value {
        case .null: try bindNull(at: index)
        case .bool(let bool): try bind(Int64(bool ? 1 : 0), at: index)
        case .date(let date): try bind(date.text, at: index)
        case .list, .record: try bind(JSONWriter.compact(value), at: index)
        default:
            switch value.sqlNumber {
            case .int(let int)?: try bind(Int64(int), at: index)
            case .double(let double)?: try bind(double, at: index)
            case nil: try bind(value.plainText, at: index)
            }
        }
    }

    /// The column's value in the current row as a shop value: an integer as an int, a real as
    /// a double, text as a string, a blob as its bytes in Base64 text; in a column declared
    /// `BOOLEAN`, 0 and 1 as false and true; in one declared `JSON`, the text of a list or
    /// record as that list or record, and in one declared `DATE`, ISO 8601 text as a date (any
    /// other text stays a string).
    package func value(at column: Int32, declaredAs type: SQLiteColumnType?) -> Value {
        switch storageClass(at: column) {
        case SQLITE_INTEGER:
            let int = Int(int64(at: column))
            if type == .boolean, int == 0 || int == 1 { return .bool(int == 1) }
            return .int(int)
        case SQLITE_FLOAT:
            return .double(double(at: column))
        case SQLITE_TEXT:
            let text = text(at: column)
            if type == .json, let value = try? Value(json: text), value.listValue != nil || value.recordValue != nil {
                return value
            }
            if type == .date, let date = try? DateTime(iso: text) { return .date(date) }
            return .string(text)
        case SQLITE_BLOB:
            return .string(Base64.encode(blob(at: column)))
        default:
            return .null
        }
    }

    /// The names of the result's columns, each once: a repeated name is numbered from its
    /// second (`id`, `id_2`, `id_3`).
    package var uniqueColumnNames: [String] {
        var names: [String] = []
        var seen: Set<String> = []
        for column in 0..<columnCount {
            let name = columnName(at: column)
            var unique = name
            var number = 2
            while !seen.insert(unique).inserted {
                unique = "\(name)_\(number)"
                number += 1
            }
            names.append(unique)
        }
        return names
    }

    /// Runs the statement to its end: each row a record of ``uniqueColumnNames``, its values
    /// read as ``value(at:declaredAs:)`` says, by the columns' declared types.
    package func records() throws(SQLiteFailure) -> [Value] {
        let names = FieldNames(uniqueColumnNames)
        let count = columnCount
        let types = (0..<count).map { SQLiteColumnType(declared: declaredType(at: $0)) }
        var rows: [Value] = []
        while try step() {
            var builder = Record.Builder(names: names)
            for column in 0..<count { builder.append(value(at: column, declaredAs: types[Int(column)])) }
            rows.append(.record(builder.record))
        }
        return rows
    }
}

extension Value {
    /// The number SQLite stores for the value: a number's value (an exact number's too), a
    /// duration's seconds; nil for any other value.
    var sqlNumber: Number? {
        number ?? durationValue?.secondsNumber
    }
}
