import ShopRuntime
import ShopTestSupport
import Testing

@testable import ShopPluginAPI

/// Tab offers the fields the data has wherever a value precedes it: variables, opened
/// files, `http`, `sql` and `join` — reading headers and schemas, never running a query or
/// sending a request.
@Suite struct FieldsOnTabTests {
    private let shop: TestSession

    init() async throws {
        shop = try TestSession(plugins: [CounterPlugin()])
        let folder = shop.stateDirectory
        try FileSystem.writeAtomically(
            Array("date,\"unit, price\",\"city\",qty\n2026-01-05,1500,Oslo,3\n".utf8), to: folder + "/sales.csv")
        let later = String(repeating: #",{"pad": "\#(String(repeating: "x", count: 1_000))"}"#, count: 100)
        try FileSystem.writeAtomically(
            Array((#"[{"id": 1, "title": "a", "tags": [1]}"# + later + "]").utf8), to: folder + "/big.json")
        await shop.run(
            """
            set orders [{id: 1, city: Oslo, qty: 3}, {id: 2, city: Rome, qty: 1, paid: true}]
            set tiers [{id: 1, tier: gold}]
            $orders | save shop.db --table orders
            """)
    }

    private func candidates(_ line: String) async -> [String] {
        await shop.session.completionContext().complete(line).candidates
    }

    @Test(arguments: [
        ("$orders | sort ", ["id", "city", "qty", "paid"]),
        ("$orders | where q", ["qty"]),
        ("$orders | select id city | sort ", ["id", "city"]),
        ("echo $orders.0.", ["$orders.0.id", "$orders.0.city", "$orders.0.qty"]),
        ("echo $orders.1.p", ["$orders.1.paid"]),
        ("echo ${orders.0.c", ["${orders.0.city}"]),
        ("echo $orders.", ["$orders.0", "$orders.1"]),
        ("$nothing | sort ", []),
    ])
    func aVariablesFields(line: String, expected: [String]) async {
        #expect(await candidates(line) == expected)
    }

    @Test(arguments: [
        ("open sales.csv | sort ", ["date", #"unit,\ price"#, "city", "qty"]),
        ("open big.json | select ", ["id", "title", "tags"]),
        ("open shop.db --table orders | group ", ["id", "city", "qty", "paid"]),
        ("open shop.db | sort ", ["table", "rows", "columns"]),
        ("open sales.csv --as text | sort ", []),
        ("open missing.csv | sort ", []),
        ("open /dev/zero --as json | sort ", []),
    ])
    func anOpenedFilesFields(line: String, expected: [String]) async {
        #expect(await candidates(line) == expected)
    }

    @Test func aQuerysColumnsWithoutRunningIt() async {
        #expect(
            await candidates(#"$orders | sql "SELECT city, sum(qty) AS total FROM it GROUP BY city" | sort "#)
                == ["city", "total"])
        #expect(
            await candidates(#"$orders | sql "SELECT tier, o.* FROM it AS o JOIN tiers USING (id)" | sort "#)
                == ["tier", "id", "city", "qty", "paid"])
        // A query that would run for ever: Tab only prepares it.
        #expect(
            await candidates(
                #"sql "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT x AS n FROM c" | sort "#)
                == ["n"])
        #expect(await candidates(#"sql "SELEC nonsense" | sort "#) == [])
    }

    @Test func aJoinsFields() async {
        #expect(
            await candidates("$orders | join $tiers --on id | sort ") == [
                "id", "city", "qty", "paid", "right_id", "tier",
            ])
        #expect(await candidates("$orders | get city | join , | sort ") == [])
    }

    @Test func anAnswersFieldsFromTheLastAnswerOrTheArchiveNeverSending() async throws {
        let server = FixtureServer()
        try server.start()
        defer { server.stop() }
        let url = server.baseURL + "/api/items"
        server.setResponse(
            FixtureServer.Response(contentType: "application/json", body: Array(#"[{"sku": "b1", "stock": 4}]"#.utf8)),
            forPath: "/api/items")
        #expect(await candidates("http get \(url) | sort ") == [])
        #expect(await candidates("http get \(url) --full | sort ") == ["status", "headers", "body"])
        await shop.run("http record items.har; http get \(url); http live")
        #expect(await candidates("http get \(url) | sort ") == ["sku", "stock"])
        let other = try TestSession(plugins: [], workingDirectory: shop.stateDirectory)
        await other.run("http replay items.har")
        let requests = server.requestCount
        #expect(
            await other.session.completionContext().complete("http get \(url) | where s").candidates == [
                "sku", "stock",
            ])
        #expect(server.requestCount == requests)
    }
}
