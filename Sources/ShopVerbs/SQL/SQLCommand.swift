import ShopPluginAPI
import ShopSQLite

/// `sql QUERY`: an SQL query over the input (table `it`) and the variables holding lists of
/// records that it names (`$orders` is table `orders`), run by SQLite in a database in
/// memory of its own; its rows as records.
///
/// Only what the query reads is copied into SQLite (``SQLQuery``). The state never changes:
/// only queries run, over a copy. The query runs on a thread of its own, which Ctrl-C
/// interrupts (`sqlite3_interrupt`).
struct SQLCommand: Command {
    static let query = Argument<String>("QUERY", "an SQL query (SELECT, WITH or VALUES) in quotes")

    let spec = CommandSpec(
        path: ["sql"], abstract: "Query the input and variables with SQL (SQLite)",
        discussion: """
            The input is table 'it'; a variable holding a list of records is a table of its name, so \
            'FROM orders' reads $orders. Joins, GROUP BY, window functions, common table expressions \
            (WITH) and SQLite's date functions all work. Values go in as they are: numbers by their value \
            (integers and reals), strings as text, bools as 0 and 1, dates as ISO 8601 text, durations as \
            seconds, lists and records as JSON text, and come back as records, a column's bools, dates and \
            JSON turned back into values. \
            Only queries run, over a copy of the data: nothing changes. Errors are SQLite's, with the \
            query; Ctrl-C stops a long query.
            """,
        arguments: [Self.query],
        examples: [
            Example(
                #"services list | sql "SELECT icon, count(*) AS services, max(price) AS top FROM it GROUP BY icon""#,
                "group with SQL"),
            Example(
                #"set prices $(services list | select id price); services list | sql "SELECT title FROM it JOIN prices USING (id) WHERE prices.price > 1000""#,
                "join a variable"),
        ],
        input: .optional, resultFields: .computed(SQLResultFields.fields))

    func run(_ invocation: Invocation) async throws -> CommandResult? {
        let text = try invocation[Self.query]
        let input = try invocation.input.map(Self.table(of:))
        do {
            // Preparing reads the state here; from then on only the query's thread uses it.
            nonisolated(unsafe) let query = try SQLQuery(text, input: input) { name in
                Self.variable(name, in: invocation.state)
            }
            let interrupter = query.interrupter
            let rows = try await DetachedThread.run {
                try query.run { interrupter.wasInterrupted }
            } onCancel: {
                interrupter.interrupt()
            }
            return .value(.list(rows))
        } catch SQLQueryError.interrupted {
            throw CancellationError()
        } catch let error as SQLQueryError {
            throw VerbError.invalid(command: spec.name, reason: error.description)
        }
    }

    /// The input as table `it`: a list (of records, which the query checks), or one record.
    private static func table(of input: Value) throws(VerbError) -> SQLQuery.Table {
        switch input {
        case .list(let items): return .records(items)
        case .record: return .records([input])
        default:
            throw .invalid(
                command: "sql", reason: "the input is \(input.describedType); table 'it' is made of a list of records")
        }
    }

    /// The table a name the query uses stands for: the variable of that name, when it holds
    /// records.
    static func variable(_ name: String, in state: StateAccess) -> SQLQuery.Table {
        guard name != "it" else { return .unusable("sql has no input here; pipe records into it: $rows | sql …") }
        guard let value = try? state.value(name) else { return .missing }
        switch value {
        case .list(let items): return .records(items)
        case .record: return .records([value])
        default: return .unusable("$\(name) is \(value.describedType), not a list of records")
        }
    }
}
