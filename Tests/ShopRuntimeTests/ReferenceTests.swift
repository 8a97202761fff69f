import ShopTestSupport
import Testing

@Suite struct ReferenceTests {
    private let shop: TestSession

    init() throws {
        shop = try TestSession(plugins: [CounterPlugin()])
    }

    @Test func pathsReadFieldsAndItems() async throws {
        await shop.run("set s {title: Wash, tags: [a, b], n: {deep: [1, {x: 9}]}}")
        #expect(await shop.run("echo $s.title ${s.tags.1} $s.n.deep.1.x") == "Wash b 9\n")
        #expect(await shop.run("echo \"costs $s.n.deep.0.\"") == "costs 1.\n")
        #expect(await shop.run("set price 5; echo \"costs $price.\" $price.") == "costs 5. 5.\n")
        #expect(await shop.run("echo ${s.n}") == #"{"deep":[1,{"x":9}]}"# + "\n")
    }

    @Test func theLongestStateKeyWinsOverAVariable() async throws {
        await shop.run("set counter {value: variable}; counter add 3 --quiet")
        #expect(await shop.run("echo ${counter.value} $counter.value") == "3 3\n")
        #expect(await shop.run("echo $counter") == #"{"value":"variable"}"# + "\n")
    }

    @Test(arguments: [
        ("echo $s.titel", "no field 'titel' in $s (did you mean 'title'?)"),
        ("echo $s.tags.7", "no item 7 in $s.tags (it has 2, from 0 to 1)"),
        ("echo $s.tags.x", "$s.tags is a list: read an item by its index ($s.tags.0), not 'x'"),
        (
            "echo $s.title.csv",
            "$s.title is a string, so it has no field 'csv' (for text after a variable, write '${s.title}.csv')"
        ),
        ("echo $n.x", "$n is an int, so it has no field 'x'"),
        ("echo $nope.x", "unknown variable 'nope'"),
        ("echo ${counter.valeu}", "unknown variable 'counter.valeu' (did you mean 'counter.value'?)"),
        ("echo $env.NO_SUCH_THING", "no environment variable 'NO_SUCH_THING'"),
        ("echo $it", "'$it' is the item of 'where', 'each', 'insert' and 'update', and there is none here"),
        ("echo $_", "'$_' is the last value shown, and nothing was shown yet"),
    ])
    func missingPartsAreErrorsNamingThePath(line: String, message: String) async throws {
        await shop.run("set s {title: Wash, tags: [a, b]}; set n 1")
        #expect(await shop.run(line) == "error: \(message)\n")
    }

    /// Words are evaluated as they are bound, yet a word that cannot be evaluated is the error
    /// even when binding failed at a word before it, as when every word was evaluated first.
    @Test(arguments: [
        ("set a 1 extra $nope", "unknown variable 'nope'"),
        ("counter add x $nope", "unknown variable 'nope'"),
        ("counter add --nosuch $nope", "unknown variable 'nope'"),
        ("counter add x 2", "counter add: N must be a whole number, got 'x'"),
    ])
    func aWordThatCannotBeEvaluatedIsTheErrorBeforeBinding(line: String, message: String) async throws {
        #expect(await shop.run(line) == "error: \(message)\n")
    }

    @Test func anErrorPointsAtTheReference() async throws {
        let located = try TestSession(plugins: [], showsErrorLocations: true)
        let (_, printed) = await located.outcome(of: "set x {a: 1}\necho ok $x.nosuch", file: "f.shopscript")
        #expect(printed == "error: f.shopscript:2:9: no field 'nosuch' in $x\n")
    }

    @Test func environmentArgumentsAndTheLastShownValue() async throws {
        #expect(await shop.run("echo $env.HOME") == shop.stateDirectory + "\n")
        #expect(await shop.run("echo $args") == "[]\n")
        #expect(await shop.run("echo shown; echo \"again: $_\"") == "shown\nagain: shown\n")
        #expect(await shop.run("[1, 2] | count; echo $_") == "2\n2\n")
    }

    @Test(arguments: ["it", "env", "args", "commands", "_"])
    func reservedNamesCannotBeSet(name: String) async throws {
        #expect(await shop.run("set \(name) 1") == "error: '\(name)' is reserved and cannot be set\n")
        #expect(await shop.run("for \(name) in [1]; end").hasPrefix("error: '\(name)' is reserved"))
    }
}
