import ShopRuntime
import ShopSQLite
import ShopTestSupport
import Testing

@testable import ShopPluginAPI

/// `sql` over the input and variables, and SQLite files through `open` and `save`, run as a
/// user would: through a session.
@Suite struct SQLTests {
    /// A session with orders, tiers and a counter.
    private func session() async throws -> TestSession {
        let shop = try TestSession(plugins: [CounterPlugin()])
        await shop.run(
            """
            counter add 2 --quiet
            set orders [{id: 1, city: Oslo, qty: 3, price: 9.5, paid: true}, {id: 2, city: Rome, qty: 1, price: 20.25, paid: false}, {id: 3, city: Oslo, qty: 5, price: 1.0, paid: true}]
            set tiers [{id: 1, tier: gold}, {id: 3, tier: tin}]
            set words [a, b]
            """)
        return shop
    }

    /// `open` reads a database's header through SQLite: a descriptor of its own, closed, would drop
    /// this process's locks on a database it keeps open (the history's), and another process
    /// closing the database would then delete the write-ahead log still written to.
    @Test func openingADatabaseThisProcessWritesKeepsItsLog() async throws {
        let shop = try await session()
        let path = shop.stateDirectory + "/kept.db"
        _ = try await sqlite3(path, "PRAGMA journal_mode=WAL; CREATE TABLE t(n);", in: shop.stateDirectory)
        let writer = try SQLiteConnection(path: path, busyTimeoutMilliseconds: 5000)
        try writer.execute("INSERT INTO t VALUES (1);")
        #expect(await shop.run("open kept.db | get table") == "t\n")
        #expect(try await sqlite3(path, "SELECT count(*) FROM t;", in: shop.stateDirectory) == "1\n")
        try writer.execute("INSERT INTO t VALUES (2);")
        #expect(try await sqlite3(path, "SELECT count(*) FROM t;", in: shop.stateDirectory) == "2\n")
    }

    /// What the `sqlite3` shell prints for `sql` run on the database at `path`, in its own process.
    private func sqlite3(_ path: String, _ sql: String, in folder: String) async throws -> String {
        let result = try await ShopBinary.run(
            [path, sql], environment: [:], workingDirectory: folder, launchPath: "/usr/bin/sqlite3")
        #expect(result.status == 0, "\(result.standardError)")
        return result.standardOutput
    }

    @Test func theInputIsTableIt() async throws {
        let shop = try await session()
        #expect(
            await shop.run(
                #"$orders | sql "SELECT city, sum(qty) AS qty, count(*) AS n FROM it GROUP BY city ORDER BY city""#)
                    == """
                    city │ qty │ n
                    ─────┼─────┼──
                    Oslo │   8 │ 2
                    Rome │   1 │ 1

                    """)
    }

    @Test func aVariableOfRecordsIsATableOfItsName() async throws {
        let shop = try await session()
        #expect(
            await shop.run(
                #"$orders | sql "SELECT it.id, tier FROM it JOIN tiers USING (id) ORDER BY it.id" | to json"#)
                == shop.run("[{id: 1, tier: gold}, {id: 3, tier: tin}] | to json"))
        #expect(await shop.run(#"sql "SELECT count(*) AS n FROM orders, tiers" | first | get n"#) == "6\n")
    }

    @Test func boolsListsAndRecordsComeBackAsTheyWent() async throws {
        let shop = try await session()
        await shop.run("set nested [{a: [1, 2], r: {x: true}, b: false}]")
        #expect(await shop.run(#"$nested | sql "SELECT * FROM it" | to json"#) == shop.run("$nested | to json"))
        #expect(
            await shop.run(#"$nested | sql "SELECT json_extract(r, '$.x') AS x, b + 0 AS n FROM it" | to json"#)
                == shop.run("[{x: 1, n: 0}] | to json"))
    }

    @Test func numbersKeptWithTheirTextGoInByTheirValue() async throws {
        let shop = try await session()
        await shop.run("set prices [{price: 4.10}, {price: 1.50}]")
        #expect(
            await shop.run(#"$prices | sql "SELECT price * 2 AS twice, typeof(price) AS kind FROM it" | to json"#)
                == shop.run("[{twice: 8.2, kind: real}, {twice: 3.0, kind: real}] | to json"))
    }

    @Test func aQueryWithoutInputRuns() async throws {
        let shop = try await session()
        #expect(await shop.run(#"sql "SELECT 6 * 7 AS answer" | first | get answer"#) == "42\n")
    }

    @Test(arguments: [
        (
            #"$orders | sql "SELEC * FROM it""#,
            #"error: sql: near "SELEC": syntax error at character 1 in: SELEC * FROM it"#
        ),
        (
            #"$orders | sql "SELECT * FROM it JOIN nowhere""#,
            "error: sql: no such table: nowhere (no variable $nowhere either)"
        ),
        (
            #"$orders | sql "SELECT * FROM words""#,
            "error: sql: item 1 of table 'words' is a string, not a record; tables are made of records"
        ),
        (
            #"$words | sql "SELECT * FROM it""#,
            "error: sql: item 1 of table 'it' is a string, not a record; tables are made of records"
        ),
        (
            #"sql "SELECT * FROM it""#,
            "error: sql: no such table: it (sql has no input here; pipe records into it: $rows | sql …)"
        ),
        (
            #"$orders | sql "SELECT cty FROM it""#,
            "error: sql: no such column: cty at character 8 (did you mean 'city'?) in: SELECT cty FROM it"
        ),
        (
            #"$orders | sql "UPDATE it SET qty = 0""#,
            "error: sql: only a query runs here (SELECT, WITH or VALUES), over a copy of the data; in: UPDATE it SET qty = 0"
        ),
        ("echo hello | sql 'SELECT 1'", "error: sql: the input is a string; table 'it' is made of a list of records"),
    ])
    func aBadQueryIsOneLineAndChangesNothing(line: String, expected: String) async throws {
        let shop = try await session()
        await shop.expectOneLineFailure(line, expected, keeping: "vars; counter")
    }

    @Test func ctrlCStopsAQueryThatRunsForever() async throws {
        let shop = try await session()
        try await shop.expectCtrlCStops(
            #"set n $(sql "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT count(*) AS n FROM c")"#,
            keeping: "vars; counter")
    }

    // MARK: SQLite files

    @Test func aTableSavedToAnSQLiteFileOpensToTheSameValues() async throws {
        let shop = try await session()
        #expect(await shop.run("$orders | save shop.db --table orders") == "saved 3 items to shop.db as table orders\n")
        #expect(await shop.run("$tiers | save shop.db --table tiers") == "saved 2 items to shop.db as table tiers\n")
        #expect(
            await shop.run("open shop.db")
                == """
                table  │ rows │ columns
                ───────┼──────┼───────────────────────────
                orders │    3 │ id, city, qty, price, paid
                tiers  │    2 │ id, tier

                """)
        #expect(await shop.run("open shop.db --table orders | to json") == shop.run("$orders | to json"))
        let connection = try SQLiteConnection(
            path: shop.stateDirectory + "/shop.db", access: .readOnly, busyTimeoutMilliseconds: 0)
        #expect(
            try connection.text("SELECT group_concat(type, ',') FROM pragma_table_info('orders')")
                == "INTEGER,TEXT,INTEGER,REAL,BOOLEAN")
    }

    @Test func replacingATableTakesForce() async throws {
        let shop = try await session()
        await shop.run("$orders | save shop.db --table orders")
        let before = try FileSystem.read(shop.stateDirectory + "/shop.db")
        let (outcome, printed) = await shop.outcome(of: "$tiers | save shop.db --table orders")
        #expect(printed == "error: save: 'shop.db' has a table 'orders' already; add --force to replace it\n")
        #expect(outcome.failures == 1)
        #expect(try FileSystem.read(shop.stateDirectory + "/shop.db") == before)
        #expect(
            await shop.run("$tiers | save shop.db --table orders --force")
                == "saved 2 items to shop.db as table orders\n")
        #expect(await shop.run("open shop.db --table orders | length") == "2\n")
    }

    @Test func aTableThatCannotBeWrittenLeavesTheFileAsItWas() async throws {
        let shop = try await session()
        await shop.run("$orders | save shop.db --table orders")
        let before = try FileSystem.read(shop.stateDirectory + "/shop.db")
        let (_, printed) = await shop.outcome(of: "[{id: 1}, 2] | save shop.db --table mixed")
        #expect(printed == "error: save: item 2 of table 'mixed' is an int, not a record; tables are made of records\n")
        #expect(try FileSystem.read(shop.stateDirectory + "/shop.db") == before)
        let (_, again) = await shop.outcome(of: "[{id: 1}, 2] | save new.db --table mixed")
        #expect(again.hasPrefix("error: save:"))
        #expect(!FileSystem.exists(shop.stateDirectory + "/new.db"))
        #expect(FileSystem.contents(of: shop.stateDirectory).filter { $0.hasPrefix(".new.db") } == [])
    }

    @Test(arguments: ["open endless.db", "open endless.db --table endless"])
    func ctrlCStopsReadingAFile(line: String) async throws {
        let shop = try await session()
        let database = try SQLiteConnection(
            path: shop.stateDirectory + "/endless.db", access: .create, busyTimeoutMilliseconds: 0)
        try database.execute(
            "CREATE VIEW endless AS WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT x FROM c WHERE x < 0"
        )
        try await shop.expectCtrlCStops("set rows $(\(line))", keeping: "vars; counter")
    }

    @Test(arguments: [
        ("open notes.db", "error: open: 'notes.db' is not an SQLite database (it lacks SQLite's header)"),
        (
            "open shop.db --table order",
            "error: open: 'shop.db' has no table 'order' (did you mean 'orders'?) (tables: orders)"
        ),
        ("open missing.db", "error: open: cannot read 'missing.db': no such file"),
        (
            "open notes.db --as text --table x",
            "error: open: --table names a table of an SQLite file (.db, .sqlite, .sqlite3), read from a file"
        ),
        (
            "$orders | save shop.db",
            "error: save: 'shop.db' is an SQLite database; name the table to write: save shop.db --table NAME"
        ),
        (
            "$orders | save notes.db --table orders",
            "error: save: 'notes.db' exists and is not an SQLite database; save adds tables only to one"
        ),
        (
            "$orders | save out.csv --table orders",
            "error: save: --table names a table of an SQLite file (.db, .sqlite, .sqlite3)"
        ),
        ("echo hi | save out.db --table t", "error: save: 'out.db' takes a list of records as a table, not a string"),
    ])
    func aBadSQLiteFileIsOneLineAndChangesNothing(line: String, expected: String) async throws {
        let shop = try await session()
        await shop.run("$orders | save shop.db --table orders")
        try FileSystem.writeAtomically(Array("just some notes\n".utf8), to: shop.stateDirectory + "/notes.db")
        await shop.expectOneLineFailure(line, expected, keeping: "vars; counter")
        #expect(try FileSystem.read(shop.stateDirectory + "/notes.db") == Array("just some notes\n".utf8))
        #expect(!FileSystem.exists(shop.stateDirectory + "/out.db"))
    }
}
