import ShopValues

/// The type a column of shop values is declared with in an SQLite table, chosen from its
/// values so that each value goes in and comes back as it was.
///
/// Ints are `INTEGER`, doubles `REAL` (exact numbers by their value), strings `TEXT`,
/// durations their seconds; bools are stored as 0 and 1 in a `BOOLEAN` column, dates as ISO
/// 8601 text in a `DATE` column and lists and records as JSON text in a `JSON` column, the
/// declared type telling them apart when they are read back. A column holding values of more than one of
/// these kinds (ints and doubles included: a `REAL` column would round integers beyond 2^53)
/// or only nulls is declared with no type, so SQLite keeps every value as it was bound.
package enum SQLiteColumnType: String, Sendable, Equatable {
    case integer = "INTEGER"
    case real = "REAL"
    case text = "TEXT"
    case boolean = "BOOLEAN"
    case json = "JSON"
    case date = "DATE"
    /// No declared type: values of several kinds, or none.
    case untyped = ""

    /// The type a declared type names (`integer`, `Boolean`), for reading a column back; nil
    /// for none or a type shop does not write (`VARCHAR(20)`, `DATETIME`).
    package init?(declared: String?) {
        guard let declared, let type = Self(rawValue: declared.uppercased()), type != .untyped else { return nil }
        self = type
    }

    /// The type of a column holding `value`, or nil for a null (which fits any type).
    package init?(of value: Value) {
        switch value {
        case .null: return nil
        case .bool: self = .boolean
        case .date: self = .date
        case .list, .record: self = .json
        default:
            switch value.sqlNumber {
            case .int?: self = .integer
            case .double?: self = .real
            case nil: self = .text
            }
        }
    }

    /// Decides a column's type one value at a time.
    package struct Decision: Sendable {
        private var seen: SQLiteColumnType?
        private var mixed = false

        package init() {}

        /// Takes one more value of the column into account.
        package mutating func add(_ value: Value) {
            guard !mixed, let type = SQLiteColumnType(of: value) else { return }
            if seen == nil {
                seen = type
            } else if seen != type {
                mixed = true
            }
        }

        /// The type for the values seen.
        package var type: SQLiteColumnType { mixed ? .untyped : seen ?? .untyped }
    }
}
