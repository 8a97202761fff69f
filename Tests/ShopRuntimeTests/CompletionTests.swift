import ShopTestSupport
import Testing

@testable import ShopPluginAPI
@testable import ShopRuntime

@Suite struct CompletionTests {
    private let shop: TestSession

    init() throws {
        shop = try TestSession(plugins: [CounterPlugin()])
        FileSystem.createDirectory(shop.stateDirectory + "/scripts")
        try FileSystem.writeAtomically([], to: shop.stateDirectory + "/scripts/tour.shopscript")
    }

    private func context() async throws -> CompletionContext {
        await shop.run("set budget 1; set buyer 2")
        return await shop.session.completionContext()
    }

    @Test(arguments: [
        ("ec", "ec", ["echo"]),
        ("count", "count", ["count", "counter"]),
        ("counter ", "", ["add", "fail", "plus", "show", "sum"]),
        ("counter a", "a", ["add"]),
        ("counter add ", "", ["1", "10", "100"]),
        ("counter add 5 --q", "--q", ["--quiet"]),
        ("state g", "g", ["get"]),
        ("state get cou", "cou", ["counter.value"]),
        ("echo $bu", "$bu", ["$budget", "$buyer"]),
        ("echo ${coun", "${coun", ["${counter.value}"]),
        ("unset b", "b", ["budget", "buyer"]),
        ("help coun", "coun", ["count", "counter"]),
        ("help counter ", "", ["add", "fail", "plus", "show", "sum"]),
        ("help lang", "lang", ["language"]),
        ("each lang", "lang", []),
        ("format ", "", ["json", "plain", "table"]),
        ("counter show | wh", "wh", ["where"]),
        ("run scr", "scr", ["scripts/"]),
        ("run scripts/t", "scripts/t", ["scripts/tour.shopscript"]),
        ("expect 1 ", "", ["!=", "<", "<=", "==", ">", ">=", "contains", "matches"]),
        ("nosuch ", "", []),
        ("vars | each --it", "--it", ["--item"]),
        ("vars | join $budget --o", "--o", ["--on", "--outer"]),
        ("into ", "", ["date", "float", "int", "string"]),
        ("date ", "", ["now", "part", "trunc"]),
        ("date trunc ", "", ["day", "month", "week", "year"]),
        ("date part w", "w", ["weekday"]),
        ("str ", "", ["downcase", "ends-with", "length", "pad", "replace", "starts-with", "substring", "upcase"]),
        ("str replace --r", "--r", ["--regex"]),
        ("vars | col", "col", ["columns"]),
    ])
    func tabOffersWhatTheMetadataDeclares(line: String, prefix: String, candidates: [String]) async throws {
        let completion = try await context().complete(line)
        #expect(completion.prefix == prefix)
        #expect(completion.candidates == candidates)
    }
}

/// Tab after a verb's field argument offers the fields of what the previous command returns
/// declared by it, or carried through verbs that keep them.
@Suite struct FieldCompletionTests {
    @Test(arguments: [
        ("vars | sort ", ["name", "type", "value"]),
        ("vars | where t", ["type"]),
        ("vars | get ", ["name", "type", "value"]),
        ("vars | take 2 | sort type desc | first 3 | select ", ["name", "type", "value"]),
        ("vars | select value name | sort ", ["value", "name"]),
        ("vars | reject type | uniq ", ["name", "value"]),
        ("vars | rename name key | group ", ["key", "type", "value"]),
        ("vars | group type --sum value | sort ", ["type", "count", "items", "sum_value"]),
        ("vars | group type --count | chart ", ["type", "count"]),
        ("vars | uniq type --count | sort ", ["value", "count"]),
        ("vars | insert note 1 | update ", ["name", "type", "value", "note"]),
        ("vars | chart value --by ", ["name", "type", "value"]),
        ("set x 1; vars | sort n", ["name"]),
        ("echo hi | sort ", []),
        ("sort ", []),
        ("vars | join $budget --on ", ["name", "type", "value"]),
        ("vars | into string ", ["name", "type", "value"]),
        ("vars | date trunc day ", ["name", "type", "value"]),
        ("vars | describe | sort ", ["field", "types", "count", "nulls", "distinct", "min", "max", "mean"]),
    ])
    func fieldsOfThePreviousCommand(line: String, candidates: [String]) async throws {
        let shop = try TestSession(plugins: [CounterPlugin()])
        #expect(await shop.session.completionContext().complete(line).candidates == candidates)
    }

    @Test func tabReadsTheStateWhenItIsPressed() async throws {
        let shop = try TestSession(plugins: [CounterPlugin()])
        let session = shop.session
        func tab(_ line: String) async -> [String] { await session.completionContext().complete(line).candidates }
        #expect(await tab("echo $fr") == [])
        #expect(await shop.session.execute(line: "set fruit apple") == .succeeded)
        #expect(await tab("echo $fr") == ["$fruit"])
        #expect(await tab("echo $fru") == ["$fruit"])
        #expect(await shop.session.execute(line: "set fridge 1; def frobnicate; echo x; end") == .succeeded)
        #expect(await tab("echo $fr") == ["$fridge", "$fruit"])
        #expect(await tab("frob") == ["frobnicate"])
        #expect(await session.userCommandNames == ["frobnicate"])
    }

    /// While a run is under way there is no prompt: Tab offers the commands alone, and the
    /// state again once the run ends.
    @Test(.timeLimit(.minutes(1))) func tabDuringARunOffersTheCommandsAlone() async throws {
        let shop = try TestSession(plugins: [CounterPlugin()])
        let session = shop.session
        #expect(await session.execute(line: "set fruit apple") == .succeeded)
        let run = Task { await session.execute(line: "sleep 30") }
        var waited = 0
        while await session.completionContext().complete("echo $fr").candidates == ["$fruit"], waited < 1000 {
            try await Task.sleep(for: .milliseconds(10))
            waited += 1
        }
        #expect(await session.completionContext().complete("echo $fr").candidates == [])
        #expect(await session.userCommandNames == [])
        run.cancel()
        _ = await run.value
        #expect(await session.completionContext().complete("echo $fr").candidates == ["$fruit"])
    }
}
