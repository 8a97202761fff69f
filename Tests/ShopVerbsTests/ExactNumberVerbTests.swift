import ShopRendering
import ShopTestSupport
import Testing

/// Numbers read as `4.10`, `1.50`, `-0`, `1e5` compute as their values and are written back as
/// read, through the verbs, files, state files and every output format.
@Suite struct ExactNumberVerbTests {
    static let versions = #"[{"v":4.10,"n":1},{"v":1.50,"n":2},{"v":-0,"n":3},{"v":1e5,"n":4}]"#

    private func session(format: OutputFormat = .json) async throws -> TestSession {
        let shop = try TestSession(plugins: [CounterPlugin()], format: format)
        await shop.run("set rows '\(Self.versions)'")
        return shop
    }

    @Test(arguments: [
        ("where v == 4.1 | get n", "[1]"),
        ("where v > 1.5 | get v", "[4.10,1e5]"),
        ("where v == 0 | get v", "[-0]"),
        ("sort v | get v", "[-0,1.50,4.10,1e5]"),
        ("sort v desc | first | get v", "1e5"),
        ("max v", "1e5"),
        ("min v", "-0"),
        ("sum v", "100005.6"),
        ("get v | uniq", "[4.10,1.50,-0,1e5]"),
        ("group v --count | get count", "[1,1,1,1]"),
        ("insert w $(math $it.v * 2) | get w", "[8.2,3.0,0,200000.0]"),
        ("get v | to csv", #""value\n4.10\n1.50\n-0\n1e5""#),
        ("to csv | from csv | get v", "[4.10,1.50,-0,1e5]"),
        ("to json | from json | get v", "[4.10,1.50,-0,1e5]"),
    ])
    func exactNumbersComputeAsValuesAndPrintAsRead(pipeline: String, expected: String) async throws {
        let shop = try await session()
        #expect(await shop.run("echo $rows | from json | \(pipeline)") == expected + "\n")
    }

    @Test func theTableAndPlainFormatsShowTheText() async throws {
        let table = try await session(format: .table)
        #expect(
            await table.run("echo $rows | from json | get v") == "4.10\n1.50\n-0\n1e5\n")
        #expect(await table.run("math 1.50") == "1.50\n")
        #expect(await table.run("math 1.50 + 1") == "2.5\n")
        let plain = try await session(format: .plain)
        #expect(await plain.run("echo $rows | from json | first | get v") == "4.10\n")
    }

    @Test func filesAndStateFilesKeepTheText() async throws {
        let shop = try await session()
        #expect(await shop.run("echo $rows | from json | save rows.csv") == "saved 4 items to rows.csv as csv\n")
        #expect(await shop.run("open rows.csv --as text") == #""v,n\n4.10,1\n1.50,2\n-0,3\n1e5,4\n""# + "\n")
        #expect(await shop.run("echo $rows | from json | save rows.json") == "saved 4 items to rows.json as json\n")
        #expect(await shop.run("open rows.json | get v") == "[4.10,1.50,-0,1e5]\n")
        await shop.run("set price 2.50")
        #expect(await shop.run("state save state.json") == "saved 3 keys to state.json\n")
        await shop.run("set price 3")
        #expect(await shop.run("state load state.json") == "loaded 3 keys from state.json\n")
        #expect(await shop.json("price") == "2.50")
    }
}
