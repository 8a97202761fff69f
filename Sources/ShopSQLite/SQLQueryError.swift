import ShopValues

/// Why a query over shop's values, or a table written from them, failed: one line, without
/// the command's name, which the command puts first.
package enum SQLQueryError: Error, Equatable, CustomStringConvertible {
    /// An item of the list that makes a table is no record.
    case notRecord(table: String, item: Int, got: String)
    /// Two fields that differ only in case, which SQLite takes for one column.
    case fieldsAlike(table: String, String, String)
    /// The query names a table that is neither `it` nor a variable holding records;
    /// `reason` says what the variable holds, if there is one.
    case noTable(String, reason: String)
    /// SQLite refused or failed the query (or a statement made for it); `suggestion` is the
    /// field nearest a column SQLite does not know.
    case failed(SQLiteFailure, query: String, suggestion: String? = nil)
    /// The statement would change something: only queries run.
    case notAQuery(query: String)
    /// The query is empty (only white space and comments).
    case noStatement
    /// More than one statement was given.
    case severalStatements(query: String)
    /// Stopped by Ctrl-C.
    case interrupted

    package var description: String {
        switch self {
        case .notRecord(let table, let item, let got):
            "item \(item) of table '\(table)' is \(got), not a record; tables are made of records"
        case .fieldsAlike(let table, let first, let second):
            "fields '\(first)' and '\(second)' of table '\(table)' differ only in case, and SQLite takes them for "
                + "one column; rename one first"
        case .noTable(let name, let reason):
            "no such table: \(name) (\(reason))"
        case .failed(let failure, let query, let suggestion):
            failure.message + (failure.offset.map { " at character \($0 + 1)" } ?? "")
                + Suggestion.didYouMean(suggestion) + " in: " + Self.shown(query)
        case .notAQuery(let query):
            "only a query runs here (SELECT, WITH or VALUES), over a copy of the data; in: " + Self.shown(query)
        case .noStatement:
            "the query is empty; give one, such as: sql 'SELECT * FROM it'"
        case .severalStatements(let query):
            "one statement at a time; in: " + Self.shown(query)
        case .interrupted:
            "interrupted"
        }
    }

    /// The query on one line (each run of white space one space), cut to 120 characters.
    private static func shown(_ query: String) -> String {
        let words = query.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" })
        let line = words.joined(separator: " ")
        return line.count > 120 ? String(line.prefix(119)) + "…" : line
    }
}
