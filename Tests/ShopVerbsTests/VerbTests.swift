import ShopRendering
import ShopTestSupport
import Testing

/// The pipeline verbs on small data: what each yields, in JSON.
@Suite struct VerbTests {
    /// Three records with a ragged shape: the third has no `qty` and a nested `tags`.
    static let items = """
        [{"name":"bolt","qty":12,"price":0.5,"kind":"metal"},\
        {"name":"nut","qty":30,"price":0.25,"kind":"metal"},\
        {"name":"glue","price":4,"kind":"paste","tags":["wet","sticky"]}]
        """

    /// Runs `pipeline` after `echo $items | from json |` and returns its JSON.
    private func json(_ pipeline: String, input: String = VerbTests.items) async throws -> String {
        let shop = try TestSession(plugins: [CounterPlugin()], format: .json)
        await shop.run("set items '\(input)'")
        return await shop.run("echo $items | from json | \(pipeline)")
    }

    @Test(arguments: [
        ("select name price", #"[{"name":"bolt","price":0.5},{"name":"nut","price":0.25},{"name":"glue","price":4}]"#),
        ("select qty name | last", #"{"qty":null,"name":"glue"}"#),
        ("select tags.0 | get tags.0", #"[null,null,"wet"]"#),
        ("first | select name", #"{"name":"bolt"}"#),
        ("reject price kind tags | first 2", #"[{"name":"bolt","qty":12},{"name":"nut","qty":30}]"#),
        ("first", #"{"name":"bolt","qty":12,"price":0.5,"kind":"metal"}"#),
        ("first 0", "[]"),
        (
            "insert unit each | select name unit | first 2",
            #"[{"name":"bolt","unit":"each"},{"name":"nut","unit":"each"}]"#
        ),
        ("first | insert on true", #"{"name":"bolt","qty":12,"price":0.5,"kind":"metal","on":true}"#),
        ("update qty 0 | get qty", "[0,0,0]"),
        ("last | update kind glue | get kind", #""glue""#),
        ("insert label \"$it.name: $it.kind\" | get label", #"["bolt: metal","nut: metal","glue: paste"]"#),
        ("insert cost $(math $it.price * 2) | get cost", "[1.0,0.5,8]"),
        ("update name \"$it.name!\" | get name", #"["bolt!","nut!","glue!"]"#),
        ("last 2 | get name", #"["nut","glue"]"#),
        ("get tags.1", #"[null,null,"sticky"]"#),
        ("sort price | get name", #"["nut","bolt","glue"]"#),
        ("sort kind desc price | get name", #"["glue","nut","bolt"]"#),
        ("sort qty | get name", #"["glue","bolt","nut"]"#),
        ("get price | sort desc", "[4,0.5,0.25]"),
        ("reverse | get name", #"["glue","nut","bolt"]"#),
        ("uniq kind", #"["metal","paste"]"#),
        ("uniq kind --count", #"[{"value":"metal","count":2},{"value":"paste","count":1}]"#),
        ("get tags | flatten", #"[null,null,"wet","sticky"]"#),
        ("length", "3"),
        ("first | length", "4"),
        ("group kind --count", #"[{"kind":"metal","count":2},{"kind":"paste","count":1}]"#),
        ("group kind | first | get items | length", "2"),
        (
            "group kind --sum qty --avg price --min price --max qty | select kind sum_qty avg_price min_price max_qty",
            #"[{"kind":"metal","sum_qty":42,"avg_price":0.375,"min_price":0.25,"max_qty":30},"#
                + #"{"kind":"paste","sum_qty":0,"avg_price":4.0,"min_price":4,"max_qty":null}]"#
        ),
        ("sum qty", "42"),
        ("sum price", "4.75"),
        ("avg qty", "21.0"),
        ("min price", "0.25"),
        ("max price", "4"),
        ("where qty > 100 | sum qty", "0"),
        ("where qty > 100 | avg qty", "null"),
        ("rename name title | first | select title", #"{"title":"bolt"}"#),
        ("get name | append rivet | last", #""rivet""#),
        ("get name | join ', '", #""bolt, nut, glue""#),
        ("get name | join ', ' | split ', '", #"["bolt","nut","glue"]"#),
        ("get name | replace t T", #"["bolT","nuT","glue"]"#),
        ("to csv | lines | length", "4"),
        ("select name | to csv | lines", #"["name","bolt","nut","glue"]"#),
    ])
    func verbsYieldTheseValues(pipeline: String, expected: String) async throws {
        #expect(try await json(pipeline) == expected + "\n")
    }

    @Test func sortIsStableAcrossKeysAndDirections() async throws {
        let rows =
            #"[{"a":1,"b":"x","n":1},{"a":2,"b":"y","n":2},{"a":1,"b":"y","n":3},{"a":2,"b":"x","n":4},{"a":1,"b":"x","n":5}]"#
        #expect(try await json("sort a | get n", input: rows) == "[1,3,5,2,4]\n")
        #expect(try await json("sort a desc b | get n", input: rows) == "[4,2,1,5,3]\n")
        #expect(try await json("sort b desc a desc | get n", input: rows) == "[2,3,4,1,5]\n")
    }

    @Test func fewDistinctStringsSortAsStringsDo() async throws {
        // Twelve names from three (ranked once, then compared as numbers), stable within each;
        // "e\u{301}" and "é" are one string to Swift, so they keep their order.
        let names = ["b", "a", "c", "é", "a", "e\u{301}", "b", "c", "a", "é", "b", "c"]
        let rows =
            "[" + names.enumerated().map { #"{"n":\#($0.offset),"s":"\#($0.element)"}"# }.joined(separator: ",") + "]"
        #expect(try await json("sort s | get n", input: rows) == "[1,4,8,0,6,10,2,7,11,3,5,9]\n")
        #expect(try await json("sort s desc | get n", input: rows) == "[3,5,9,2,7,11,0,6,10,1,4,8]\n")
    }

    @Test func mixedTypesSortInOneTotalOrder() async throws {
        #expect(try await json("sort", input: #"["b",2,null,true,1.5,"a"]"#) == #"[null,true,1.5,2,"a","b"]"# + "\n")
    }

    @Test func stringVerbs() async throws {
        let shop = try TestSession(plugins: [CounterPlugin()], format: .json)
        #expect(await shop.run("echo '  a b  ' | trim") == "\"a b\"\n")
        #expect(await shop.run("echo \"one\\ttwo  three\" | split") == "[\"one\",\"two\",\"three\"]\n")
        #expect(await shop.run("echo 'a,,b' | split ,") == "[\"a\",\"\",\"b\"]\n")
        #expect(await shop.run("echo \"x\\ny\\n\" | lines") == "[\"x\",\"y\"]\n")
        #expect(await shop.run("echo 'héllo' | length") == "5\n")
        #expect(await shop.run("echo shop | append .csv") == "\"shop.csv\"\n")
    }

    @Test func toMarkdownMakesAPaddedPipeTable() async throws {
        let shop = try TestSession(plugins: [CounterPlugin()])
        await shop.run("set items '\(Self.items)'")
        #expect(
            await shop.run("echo $items | from json | select name qty | to md") == """
                | name | qty |
                |------|----:|
                | bolt |  12 |
                | nut  |  30 |
                | glue |     |

                """)
    }
}

/// `save` writes each format by the file's extension, and `open` reads JSON and CSV back to
/// the same values.
@Suite struct SaveTests {
    static let items = #"[{"name":"bolt","qty":12},{"name":"nut","qty":null}]"#

    @Test(arguments: [
        ("from json | save items.json", "items.json", "saved 2 items to items.json as json", items),
        ("from json | save items.csv", "items.csv", "saved 2 items to items.csv as csv", items),
        (
            "from json | get name | save names.txt", "names.txt | lines", "saved 2 items to names.txt as text",
            #"["bolt","nut"]"#
        ),
    ])
    func savedFilesOpenToTheSameValues(save: String, open: String, message: String, expected: String) async throws {
        let shop = try TestSession(plugins: [CounterPlugin()], format: .json)
        await shop.run("set items '\(Self.items)'")
        #expect(await shop.run("echo $items | \(save)") == message + "\n")
        #expect(await shop.run("open \(open) | to json | from json") == expected + "\n")
    }

    @Test func markdownAndForcedReplacement() async throws {
        let shop = try TestSession(plugins: [CounterPlugin()])
        await shop.run(#"set items '[{"name":"bolt","qty":12}]'"#)
        #expect(await shop.run("echo $items | from json | save notes.md") == "saved 1 item to notes.md as md\n")
        #expect(await shop.run("open notes.md | lines | first 2 | last") == "|------|----:|\n")
        #expect(
            await shop.run("echo $items | from json | save notes.md --force --as json")
                == "saved 1 item to notes.md as json\n")
        #expect(await shop.run("open notes.md --as json | get name") == "bolt\n")
    }
}
