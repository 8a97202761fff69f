import ShopRuntime
import ShopTestSupport
import Testing

@testable import ShopPluginAPI

/// The verbs over tables: the same values and errors as over the same records in an array,
/// the readers' options, JSON Lines, and what save refuses.
@Suite struct TableVerbTests {
    /// A session whose folder holds the files these tests open.
    private func session() async throws -> TestSession {
        let shop = try TestSession(plugins: [CounterPlugin()])
        let folder = shop.stateDirectory
        var csv = "id,city,category,qty,price,name,note,flag\n"
        let cities = ["Athens", "Åre", "Bergen", "athens", "Zürich", ""]
        for id in 1...300 {
            let price = id % 7 == 0 ? "" : "\(id * 37 % 1000).\(id % 10)0"
            let name = id % 11 == 0 ? "\"Lee, Ann\"" : "n\(id % 13)"
            csv += "\(id),\(cities[id % cities.count]),c\(id % 4),\(id * 13 % 97),\(price),\(name),"
            csv += id % 5 == 0 ? "" : "\"note \(id % 3)\""
            csv += ",\(id % 2 == 0)\n"
        }
        try FileSystem.writeAtomically(Array(csv.utf8), to: folder + "/data.csv")
        var json = "["
        for id in 1...120 {
            if id > 1 { json += "," }
            json +=
                id % 9 == 0
                ? #"{"price":\#(id).5,"id":\#(id)}"# : #"{"id":\#(id),"price":\#(id * 3),"tag":"t\#(id % 4)"}"#
        }
        try FileSystem.writeAtomically(Array((json + "]").utf8), to: folder + "/data.json")
        try FileSystem.writeAtomically(Array("{\"a\":1}\n{\"a\":2}\n\n{\"a\":3}\n".utf8), to: folder + "/lines.jsonl")
        try FileSystem.writeAtomically(Array("{\"a\":1}\n{\"a\":2,}\n".utf8), to: folder + "/bad.jsonl")
        try FileSystem.writeAtomically(Array("a\tb\n1\tx y\n".utf8), to: folder + "/tabs.tsv")
        try FileSystem.writeAtomically(Array("a;b\n1;2\n3;4;5\n6\n".utf8), to: folder + "/ragged.csv")
        return shop
    }

    /// Pipelines after `open FILE |`, each run on the table and on the same records in an array.
    static let pipelines = [
        "where price > 500 and qty >= 50 | count",
        "where price > 500.5 or qty < 10 | get id",
        "where not (price >= 100) | get id",
        "where price == null | get id",
        "where price != null and city == Athens | get id",
        "where city < Bergen | get id",
        "where city == 'Åre' | count",
        "where note contains '1' | get id",
        "where city matches '^[aA]' | get id",
        "where flag | count",
        "where qty == 26.0 | get id",
        "where name == 'Lee, Ann' | get id",
        "sort city price desc id | take 12 | get id",
        "sort price | get id",
        "sort note desc qty | get id",
        "sort flag city | get id",
        "sort price desc | take 3 | get id", "sort city | first", "sort qty id desc | last",
        "sort name | skip 290 | get id", "sort city qty | where price > 500 | get id",
        "sort note | take 40 | sort id | get id", "sort price | reverse | take 5 | get id",
        "group city --count --sum price --avg price --min qty --max price",
        "group price --count | take 5",
        "group note | get count",
        "group flag --sum qty",
        "sum price", "avg price", "min qty", "max price", "sum qty",
        "select name price | take 4", "reject note flag | first 3", "skip 295", "last 2", "first", "count",
    ]

    @Test(arguments: pipelines)
    func aTableGivesWhatItsRecordsGive(pipeline: String) async throws {
        let shop = try await session()
        await shop.session.setFormat(.json)
        let table = await shop.run("open data.csv | \(pipeline)")
        let records = await shop.run("open data.csv | reverse | reverse | \(pipeline)")
        #expect(table == records)
        #expect(!table.hasPrefix("error"), "\(table)")
    }

    @Test(arguments: ["city price desc id", "price", "note desc qty", "flag city", "name id desc"])
    func aSortThenTakeGivesTheFirstRowsOfTheWholeSort(keys: String) async throws {
        let shop = try await session()
        await shop.session.setFormat(.json)
        for count in [0, 1, 10, 36, 37, 100, 300] {
            let taken = await shop.run("open data.csv | sort \(keys) | take \(count)")
            // `where` reads whole columns, so the whole order is found before any row is taken.
            let whole = await shop.run("open data.csv | sort \(keys) | where id > 0 | take \(count)")
            #expect(taken == whole, "take \(count)")
            #expect(!taken.hasPrefix("error"), "\(taken)")
        }
    }

    @Test(arguments: [
        "where price > 100 | get id", "where tag == t1 | get id", "sort tag price desc | get id",
        "group tag --sum price", "select id tag | last 3", "reject tag | last 3", "where tag | count",
    ])
    func aTableOfSeveralShapesGivesWhatItsRecordsGive(pipeline: String) async throws {
        let shop = try await session()
        await shop.session.setFormat(.json)
        let table = await shop.run("open data.json | \(pipeline)")
        let records = await shop.run("open data.json | reverse | reverse | \(pipeline)")
        #expect(table == records)
    }

    /// Dates written as ISO 8601 text compare with a date in a condition, on a table as on records.
    @Test(arguments: [
        "where released > 2024-05-01 | count", "where released == 2024-03-12 | get id",
        "where released < 2024-03-01 and n > 3 | get id", "sort released id | first 3 | get id",
    ])
    func datesInTextCompareAsOnRecords(pipeline: String) async throws {
        let shop = try await session()
        var csv = "id,released,n\n"
        for id in 0..<40 { csv += "\(id),2024-0\(1 + id % 9)-1\(id % 10),\(id)\n" }
        try FileSystem.writeAtomically(Array(csv.utf8), to: shop.stateDirectory + "/dates.csv")
        let table = await shop.run("open dates.csv | \(pipeline)")
        #expect(table == (await shop.run("open dates.csv | reverse | reverse | \(pipeline)")))
        #expect(!table.hasPrefix("error"), "\(table)")
    }

    @Test(arguments: [
        ("where city > 5 | count", "error: cannot compare 'Åre' (string) > 5 (int)"),
        ("sum city", "error: sum: 'city' of item 1 is a string ('Åre'), not a number"),
        ("where cty == x", "error: where: no field 'cty' (did you mean 'city'?)"),
        ("sort cty", "error: sort: no field 'cty' (did you mean 'city'?)"),
        ("group cty", "error: group: no field 'cty' (did you mean 'city'?)"),
    ])
    func aTableFailsAsItsRecordsFail(pipeline: String, expected: String) async throws {
        let shop = try await session()
        #expect(await shop.run("open data.csv | \(pipeline)") == expected + "\n")
        #expect(await shop.run("open data.csv | reverse | reverse | \(pipeline)") == expected + "\n")
    }

    @Test func aCSVFileIsWrittenBackAsItWasRead() async throws {
        let shop = try await session()
        let text = """
            version,code,id,phone,price,zero,big,flag,name,note
            4.10,007,12345678901234567890,+79161234567,1.50,-0,1e5,true,Oskar,"Bag, no box"
            5.10,010,2,+7,2.25,3,2,false,Júlia,
            6.10,123,3,+44,100,0,1E+3,true,"Anna ""Ann"" Lee","two
            lines"

            """
        try FileSystem.writeAtomically(Array(text.utf8), to: shop.stateDirectory + "/in.csv")
        #expect(await shop.run("open in.csv | save out.csv") == "saved 3 items to out.csv as csv\n")
        #expect(try FileSystem.read(shop.stateDirectory + "/out.csv") == Array(text.utf8))
        #expect(await shop.run("open in.csv | where version == 4.1 | get code") == "007\n")
        #expect(await shop.run("open in.csv | to csv | from csv | to csv") == (await shop.run("open in.csv | to csv")))
    }

    @Test func theReadersOptionsReadMessyFiles() async throws {
        let shop = try await session()
        await shop.session.setFormat(.json)
        #expect(await shop.run("open tabs.tsv") == #"[{"a":1,"b":"x y"}]"# + "\n")
        #expect(
            await shop.run("open ragged.csv --separator ';' --flexible")
                == #"[{"a":1,"b":2,"column3":null},{"a":3,"b":4,"column3":5},{"a":6,"b":null,"column3":null}]"# + "\n")
        #expect(
            await shop.run("open tabs.tsv --no-header")
                == #"[{"column1":"a","column2":"b"},{"column1":"1","column2":"x y"}]"# + "\n")
        #expect(await shop.run("open tabs.tsv --no-infer") == #"[{"a":"1","b":"x y"}]"# + "\n")
        #expect(await shop.run("echo 'x|y\n1|2' | from csv --separator '|'") == #"[{"x":1,"y":2}]"# + "\n")
    }

    @Test func jsonLinesAreReadAndWrittenALineAtATime() async throws {
        let shop = try await session()
        await shop.session.setFormat(.json)
        #expect(await shop.run("open lines.jsonl | get a") == "[1,2,3]\n")
        #expect(await shop.run("open lines.jsonl | save copy.ndjson") == "saved 3 items to copy.ndjson as jsonl\n")
        #expect(await shop.run("open copy.ndjson | get a") == "[1,2,3]\n")
        #expect(
            try FileSystem.read(shop.stateDirectory + "/copy.ndjson") == Array("{\"a\":1}\n{\"a\":2}\n{\"a\":3}\n".utf8)
        )
        #expect(await shop.run("open lines.jsonl | to jsonl | from jsonl | count") == "3\n")
    }

    @Test(arguments: [
        (
            "open bad.jsonl",
            "error: open: 'bad.jsonl': line 2: expected a member name in quotes at the top level (line 2, column 8)"
        ),
        (
            "open ragged.csv --separator ''",
            "error: open: --separator must be one character, such as ; or | or \\t, got ''"
        ),
        (
            "open ragged.csv --separator ';'",
            "error: open: 'ragged.csv': line 3, column 5: 3 cells, but the header has 2 (--flexible reads rows of other lengths)"
        ),
        ("open data.json --flexible", "error: open: --flexible is for CSV files; 'data.json' is read as json"),
        (
            "open data.csv | save out.parquet",
            "error: save: shop cannot write .parquet files; save as .csv, .tsv, .json or .jsonl instead"
        ),
        (
            "open data.csv | save out.XLSX",
            "error: save: shop cannot write .xlsx files; save as .csv, .tsv, .json or .jsonl instead"
        ),
        (
            "open data.csv | save out.feather",
            "error: save: shop cannot write .feather files; save as .csv, .tsv, .json or .jsonl instead"
        ),
        (
            "echo 'x' | from jsonl | count",
            "error: from jsonl: line 1: unexpected 'x' at the top level (line 1, column 1)"
        ),
    ])
    func badInputIsOneLineAndChangesNothing(line: String, expected: String) async throws {
        let shop = try await session()
        await shop.run("counter add 2 --quiet")
        let before = await shop.run("state save state.json --force; vars; counter")
        let (outcome, printed) = await shop.outcome(of: line)
        #expect(printed == expected + "\n")
        #expect(outcome.failures == 1)
        #expect(await shop.run("state save state.json --force; vars; counter") == before)
        #expect(!FileManagerless.exists(shop.stateDirectory + "/out.parquet"))
    }

    @Test func ctrlCStopsASortOfABigFileAndChangesNothing() async throws {
        let shop = try await session()
        var csv = "id,k,v\n"
        for id in 0..<100_000 { csv += "\(id),k\(id % 1000),\(id * 7919 % 100_003)\n" }
        try FileSystem.writeAtomically(Array(csv.utf8), to: shop.stateDirectory + "/big.csv")
        await shop.run("counter add 2 --quiet")
        let before = await shop.run("vars; counter")
        let task = Task { await shop.outcome(of: "set sorted $(open big.csv | sort k v desc | where v > 5 | count)") }
        try await Task.sleep(for: .milliseconds(50))
        task.cancel()
        let (outcome, _) = await task.value
        #expect(outcome.interrupted)
        #expect(await shop.run("vars; counter") == before)
    }
}

/// Whether a file exists, without Foundation.
private enum FileManagerless {
    static func exists(_ path: String) -> Bool {
        (try? FileSystem.read(path)) != nil
    }
}
