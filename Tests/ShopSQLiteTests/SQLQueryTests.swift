import Foundation
import ShopFormats
import ShopSQLite
import ShopValues
import Testing

/// Queries over shop's values in an SQLite database in memory: tables found by name, values
/// in and out exactly, only queries, interruption.
@Suite struct SQLQueryTests {
    private let orders: ValueList = [
        .record(Record(["id": 1, "city": "Oslo", "qty": 3, "price": 9.5, "paid": true, "tags": ["a"]])),
        .record(Record(["id": 2, "city": "Rome", "qty": 1, "price": 20.25, "paid": false, "tags": []])),
        .record(Record(["id": 3, "city": "Oslo", "qty": 5, "price": 1.0, "paid": true, "tags": ["b", "c"]])),
    ]

    private func run(_ text: String, input: ValueList? = nil, tables: [String: ValueList] = [:]) throws(SQLQueryError)
        -> [Value]
    {
        let query = try SQLQuery(text, input: input.map(SQLQuery.Table.records)) { name in
            tables[name].map(SQLQuery.Table.records) ?? .missing
        }
        return try query.run { false }
    }

    @Test func everyValueComesBackAsItWent() throws {
        let rows = try run("SELECT * FROM it", input: orders)
        #expect(rows == Array(orders))
    }

    @Test func groupsAndAggregatesAsSQLiteDoes() throws {
        let rows = try run(
            "SELECT city, count(*) AS n, sum(qty) AS qty, avg(price) AS price FROM it GROUP BY city ORDER BY city",
            input: orders)
        #expect(
            rows == [
                .record(Record(["city": "Oslo", "n": 2, "qty": 8, "price": 5.25])),
                .record(Record(["city": "Rome", "n": 1, "qty": 1, "price": 20.25])),
            ])
    }

    @Test func aTableNamedByTheQueryComesFromTheLookUp() throws {
        let tiers: ValueList = [
            .record(Record(["id": 1, "tier": "gold"])), .record(Record(["id": 3, "tier": "tin"])),
        ]
        let rows = try run(
            "SELECT it.id, tier FROM it JOIN tiers USING (id) ORDER BY it.id", input: orders, tables: ["tiers": tiers])
        #expect(rows == [.record(Record(["id": 1, "tier": "gold"])), .record(Record(["id": 3, "tier": "tin"]))])
    }

    @Test func aNaturalJoinReadsEveryColumnTheTablesShare() throws {
        let tiers: ValueList = [.record(Record(["city": "Oslo", "tier": "gold"]))]
        let rows = try run(
            "SELECT id, tier FROM it NATURAL JOIN tiers ORDER BY id", input: orders, tables: ["tiers": tiers])
        #expect(rows == [.record(Record(["id": 1, "tier": "gold"])), .record(Record(["id": 3, "tier": "gold"]))])
    }

    @Test func windowFunctionsCommonTableExpressionsAndDatesWork() throws {
        let rows = try run(
            """
            WITH running AS (SELECT id, sum(qty) OVER (ORDER BY id) AS total FROM it)
            SELECT id, total, date('2026-01-31', '+1 month') AS later FROM running WHERE id > 1
            """, input: orders)
        #expect(
            rows == [
                .record(Record(["id": 2, "total": 4, "later": "2026-03-03"])),
                .record(Record(["id": 3, "total": 9, "later": "2026-03-03"])),
            ])
    }

    @Test func exactNumbersGoInByTheirValueDatesAsISOTextDurationsAsSeconds() throws {
        let price = try Value(json: "4.10")
        let at = Value.date(try DateTime(iso: "2026-01-15T23:30:00+03:00"))
        let day = Value.date(try DateTime(iso: "2026-01-15"))
        let input: ValueList = [
            .record(Record(["price": price, "at": at, "day": day, "took": .duration(.seconds(90))]))
        ]
        let rows = try run(
            """
            SELECT price, typeof(price) AS kind, price * 2 AS twice, at, at || '' AS text, date(at) AS utc, day,
                   took, typeof(took) AS seconds FROM it
            """, input: input)
        #expect(
            rows == [
                .record(
                    Record([
                        "price": 4.1, "kind": "real", "twice": 8.2, "at": at, "text": "2026-01-15T23:30:00+03:00",
                        "utc": "2026-01-15", "day": day, "took": 90, "seconds": "integer",
                    ]))
            ])
        #expect(try run("SELECT price FROM it", input: input) == [.record(Record(["price": price]))])
    }

    @Test func aTableOfDatesInAFileReadsBackAsDates() throws {
        let connection = try SQLiteConnection.inMemory()
        let at = Value.date(try DateTime(iso: "2026-03-01T08:00:00Z"))
        let rows: ValueList = [.record(Record(["id": 1, "at": at])), .record(Record(["id": 2, "at": nil]))]
        #expect(try connection.write(SQLiteTableRows(name: "events", records: rows), replacing: false) { false })
        #expect(try connection.text("SELECT type FROM pragma_table_info('events') WHERE name = 'at'") == "DATE")
        #expect(try connection.records(of: "events") == Array(rows))
        try connection.execute("INSERT INTO events VALUES (3, 'soon')")
        #expect(try connection.records(of: "events").last == .record(Record(["id": 3, "at": "soon"])))
    }

    @Test func integersBeyondDoublesAndMixedColumnsStayExact() throws {
        let big = 9_007_199_254_740_993
        let input: ValueList = [
            .record(Record(["n": .int(big)])), .record(Record(["n": 0.5])), .record(Record(["n": "x"])),
        ]
        #expect(try run("SELECT n FROM it", input: input) == Array(input))
        #expect(
            try run("SELECT typeof(n) AS t FROM it", input: input).map { $0.recordValue?["t"] } == [
                "integer", "real", "text",
            ])
    }

    @Test func repeatedColumnNamesAreNumbered() throws {
        let query = try SQLQuery("SELECT 1 AS id, 2 AS id, 3 AS id", input: nil) { _ in .missing }
        #expect(try query.columnNames() == ["id", "id_2", "id_3"])
    }

    @Test func columnNamesComeFromPreparingAgainstFieldsOnly() throws {
        let query = try SQLQuery(
            "SELECT city, sum(qty) AS total FROM it JOIN tiers USING (id)", input: .fields(["id", "city", "qty"])
        ) { name in
            name == "tiers" ? .fields(["id", "tier"]) : .missing
        }
        #expect(try query.columnNames() == ["city", "total"])
    }

    @Test func anEmptyInputTakesTheColumnsTheQueryNames() throws {
        #expect(try run("SELECT city, sum(qty) FROM it GROUP BY city", input: []) == [])
        #expect(try run("SELECT count(*) AS n FROM it", input: []) == [.record(Record(["n": 0]))])
    }

    @Test(arguments: [
        ("SELEC * FROM it", #"near "SELEC": syntax error at character 1 in: SELEC * FROM it"#),
        ("SELECT nope FROM it", "no such column: nope at character 8 in: SELECT nope FROM it"),
        (
            "SELECT pricee FROM it",
            "no such column: pricee at character 8 (did you mean 'price'?) in: SELECT pricee FROM it"
        ),
        ("SELECT * FROM orders", "no such table: orders (no variable $orders either)"),
        (
            "DELETE FROM it",
            "only a query runs here (SELECT, WITH or VALUES), over a copy of the data; in: DELETE FROM it"
        ),
        (
            "ATTACH 'x.db' AS x",
            "only a query runs here (SELECT, WITH or VALUES), over a copy of the data; in: ATTACH 'x.db' AS x"
        ),
        ("SELECT 1; SELECT 2", "one statement at a time; in: SELECT 1; SELECT 2"),
        ("  -- nothing", "the query is empty; give one, such as: sql 'SELECT * FROM it'"),
    ])
    func aQuerySQLiteRefusesSaysWhy(text: String, message: String) {
        #expect(throws: SQLQueryError.self) { try run(text, input: orders) }
        do {
            _ = try run(text, input: orders)
        } catch {
            #expect(error.description == message)
        }
    }

    @Test func aListOfScalarsIsNoTable() {
        #expect(throws: SQLQueryError.notRecord(table: "it", item: 1, got: "an int")) {
            try run("SELECT * FROM it", input: [1, 2])
        }
    }

    @Test func fieldsThatDifferOnlyInCaseAreRefused() {
        #expect(throws: SQLQueryError.fieldsAlike(table: "it", "id", "ID")) {
            try run("SELECT 1", input: [.record(Record(["id": 1])), .record(Record(["ID": 2]))])
        }
    }

    private let endless = "WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n) SELECT count(*) FROM n"

    @Test func aQueryThatRunsForeverStopsWhenInterrupted() throws {
        let query = try SQLQuery(endless, input: nil) { _ in .missing }
        let interrupter = query.interrupter
        // A thread of its own: the query holds one of the cooperative pool's threads meanwhile.
        Thread.detachNewThread {
            Thread.sleep(forTimeInterval: 0.1)
            interrupter.interrupt()
        }
        #expect(throws: SQLQueryError.interrupted) { try query.run { false } }
    }

    @Test func anInterruptionBeforeTheQueryStartsStopsIt() throws {
        let query = try SQLQuery(endless, input: nil) { _ in .missing }
        query.interrupter.interrupt()
        #expect(throws: SQLQueryError.interrupted) { try query.run { false } }
    }

    @Test func fillingStopsWhenAsked() throws {
        let query = try SQLQuery("SELECT * FROM it", input: .records(orders)) { _ in .missing }
        #expect(throws: SQLQueryError.interrupted) { try query.run { true } }
    }
}
