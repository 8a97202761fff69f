import ShopRuntime
import ShopTestSupport
import Testing

@testable import ShopPluginAPI
@testable import ShopValues

@Suite struct CoreCommandTests {
    private func session() throws -> TestSession {
        try TestSession(plugins: [CounterPlugin()])
    }

    @Test func echoJoinsInterpolatedWords() async throws {
        let shop = try session()
        #expect(await shop.run("set name shop; echo hello \"$name\" ${name}!") == "hello shop shop!\n")
        #expect(await shop.run("echo") == "\n")
    }

    @Test func setKeepsTypesAndQuotingMakesStrings() async throws {
        let shop = try session()
        await shop.run("set a 007; set b '007'; set c 2.50; set d true; set e null")
        #expect(await shop.json("a") == "7")
        #expect(await shop.json("b") == "\"007\"")
        #expect(await shop.json("c") == "2.50")
        #expect(await shop.json("d") == "true")
        #expect(await shop.json("e") == "null")
    }

    @Test func setTakesThePipelineInput() async throws {
        let shop = try session()
        #expect(await shop.run("echo '[1,2,3]' | from json | count | set n; echo $n") == "3\n")
    }

    /// `set` with two words sets the variable without binding them, so each of its mistakes
    /// is checked here with the message binding gives, the `--` forms included.
    @Test(arguments: [
        ("set it 5", "error: 'it' is reserved and cannot be set\n"),
        ("set 'a b' 1", "error: invalid variable name 'a b': use letters, digits and '_', starting with a letter\n"),
        ("set 5 x", "error: invalid variable name '5': use letters, digits and '_', starting with a letter\n"),
        (
            "set counter.value 1",
            "error: 'counter.value' belongs to the counter plugin; change it with 'counter' commands\n"
        ),
        ("set a b c", "error: set: unexpected argument 'c' (usage: set NAME [VALUE])\n"),
        (
            "set y --",
            "error: set: no VALUE and no input: give a value, or use it after '|' as in '… | set y' (usage: set NAME [VALUE])\n"
        ),
        ("set -- x 5; echo $x", "5\n"),
        ("set '--' 5", "error: invalid variable name '--': use letters, digits and '_', starting with a letter\n"),
        ("echo 3 | set n 4; echo $n", "4\n"),
        ("set z $(math 1 / 0)", "error: math: division by zero\n"),
    ])
    func setReportsWhatBindingWould(line: String, output: String) async throws {
        let shop = try session()
        #expect(await shop.run(line) == output)
    }

    @Test func unsetAndVars() async throws {
        let shop = try session()
        await shop.run("set a 1; set b x")
        #expect(
            await shop.run("vars") == """
                name │ type   │ value
                ─────┼────────┼──────
                a    │ int    │ 1
                b    │ string │ x

                """)
        #expect(await shop.run("unset a; vars | count") == "1\n")
        #expect(await shop.run("unset a") == "error: unknown variable 'a' (did you mean 'b'?)\n")
        #expect(
            await shop.run("unset counter.value")
                == "error: 'counter.value' belongs to the counter plugin; change it with 'counter' commands\n")
    }

    @Test func unknownNamesAreErrorsNeverEmpty() async throws {
        let shop = try session()
        #expect(await shop.run("echo \"[$nope]\"") == "error: unknown variable 'nope'\n")
        #expect(
            await shop.run("echo ${counter.valeu}")
                == "error: unknown variable 'counter.valeu' (did you mean 'counter.value'?)\n")
    }

    @Test func stateCommandsReadEverythingAndSaveAndLoad() async throws {
        let shop = try session()
        await shop.run("counter add 2 --quiet; set label 'two'")
        #expect(await shop.run("state get counter.value") == "2\n")
        #expect(
            await shop.run("state") == """
                key           │ owner   │ type   │ about
                ──────────────┼─────────┼────────┼──────────
                counter.value │ counter │ int    │ the count
                label         │ user    │ string │ variable

                """)
        #expect(await shop.run("state save saved.json") == "saved 2 keys to saved.json\n")
        await shop.run("counter add 5 --quiet; set label three")
        #expect(await shop.run("state load saved.json") == "loaded 2 keys from saved.json\n")
        #expect(await shop.run("echo ${counter.value} $label") == "2 two\n")
        #expect(await shop.run("undo; echo ${counter.value} $label") == "undid: state load saved.json\n7 three\n")
    }

    @Test(arguments: [
        (
            "{\"shopState\": 1, \"values\": {\"counter.value\": \"x\"}}",
            "error: invalid value for 'counter.value': expected a whole number"
        ),
        ("[1, 2]", "error: cannot load 'bad.json': not a shop state file (no \"shopState\" version at the top level)"),
        ("{\"shopState\": 1, \"values\": {\"other.key\": 1}}", "error: the other plugin has no state key 'other.key'"),
        (
            "{\"shopState\": 9, \"values\": {}}",
            "error: cannot load 'bad.json': state file version 9 is not supported (expected 1)"
        ),
        (
            "{\"shopState\": 1, \"values\": {\"a\": 1",
            "error: cannot load 'bad.json': not valid state JSON: unexpected end of JSON at values (line 1, column 35)"
        ),
        (
            "{\"shopState\": 1, \"values\": {\"keep\": 2, \"keep\": 5}}",
            "error: cannot load 'bad.json': not valid state JSON: duplicate key 'keep' at values (line 1, column 40)"
        ),
        (
            "{\"shopState\": 1, \"values\": {\"keep\": 99999999999999999999999}}",
            "error: cannot load 'bad.json': not valid state JSON: integer '99999999999999999999999' does not fit in 64 bits at values.keep (line 1, column 37)"
        ),
    ])
    func badStateFilesChangeNothing(content: String, message: String) async throws {
        let shop = try session()
        await shop.run("set keep 1; counter add 3 --quiet")
        try FileSystem.writeAtomically(Array(content.utf8), to: shop.stateDirectory + "/bad.json")
        #expect(await shop.run("state load bad.json") == message + "\n")
        #expect(await shop.run("echo $keep ${counter.value}") == "1 3\n")
    }

    @Test func expectComparesAndNamesBothSides() async throws {
        let shop = try session()
        #expect(
            await shop.run("expect 1 == 1; expect 2 > 1.5; expect abc contains b; expect abc matches '^a.c$'") == "")
        #expect(await shop.run("expect 1 == 2") == "error: expect failed: 1 == 2\n")
        #expect(await shop.run("expect 5 == '5'") == "error: expect failed: 5 (int) == '5' (string)\n")
        #expect(await shop.run("expect abc < 5") == "error: expect failed: cannot compare 'abc' (string) < 5 (int)\n")
        #expect(
            await shop.run("expect 1 =~ 1")
                == "error: expect: unknown operator '=~' (did you mean 'matches'?); use one of == != < <= > >= contains matches\n"
        )
        #expect(
            await shop.run("expect a matches '('")
                == "error: invalid regular expression '(': missing closing parenthesis\n")
        #expect(await shop.run("echo '[1,2]' | from json | count | expect == 2") == "")
        #expect(
            await shop.run("expect 1 ==") == "error: expect: expected a value after '=='\n")
        #expect(await shop.run("expect") == "error: expect: missing argument CONDITION (usage: expect CONDITION…)\n")
    }

    @Test func undoWalksBackAndSaysWhenThereIsNothingLeft() async throws {
        let shop = try session()
        await shop.run("set x 1; set x 2; counter add 1 --quiet")
        #expect(
            await shop.run("undo; undo; echo $x ${counter.value}")
                == "undid: counter add 1 --quiet\nundid: set x 2\n1 0\n")
        #expect(await shop.run("undo; undo") == "undid: set x 1\nerror: nothing to undo\n")
    }

    @Test func aThrowingPluginCommandFailsAloneAndItsChangesAreRolledBack() async throws {
        let shop = try session()
        await shop.run("counter add 4 --quiet")
        #expect(await shop.run("counter fail 'no way'; echo after") == "error: counter refused: no way\n")
        #expect(await shop.run("counter show") == "[4]\n")
        #expect(await shop.run("undo; counter") == "undid: counter add 4 --quiet\n[0]\n")
    }

    @Test func argumentsAreCheckedAgainstTheSpec() async throws {
        let shop = try session()
        #expect(
            await shop.run("counter add") == "error: counter add: missing argument N (usage: counter add N [--quiet])\n"
        )
        #expect(await shop.run("counter add x") == "error: counter add: N must be a whole number, got 'x'\n")
        #expect(
            await shop.run("counter add 1 2")
                == "error: counter add: unexpected argument '2' (usage: counter add N [--quiet])\n")
        #expect(
            await shop.run("counter add 1 --quite")
                == "error: counter add: unknown option '--quite' (did you mean '--quiet'?)\n")
        #expect(await shop.run("counter plus 1") == "counter is 1\n")
        #expect(
            await shop.run("format yaml") == "error: format: FORMAT must be one of table, json, plain, got 'yaml'\n")
    }

    @Test(arguments: [
        ("= 890", "=="), ("=< 890", "<="), ("=> 890", ">="), ("<> 890", "!="), ("~ Wash", "matches"),
        ("has Wash", "contains"), ("containz Wash", "contains"),
    ])
    func aMistypedOperatorSuggestsTheOneMeant(condition: String, meant: String) async throws {
        let shop = try session()
        #expect(
            await shop.run("echo '[{\"price\": 890}]' | from json | where price \(condition)")
                == "error: where: unknown operator '\(condition.split(separator: " ")[0])' (did you mean '\(meant)'?); use one of == != < <= > >= contains matches\n"
        )
    }

    @Test func aBackslashedWordIsAnUnknownCommandWithoutTheBackslash() async throws {
        #expect(try await session().run("\\?") == "error: unknown command '?'\n")
    }

    @Test func unknownCommandsSuggestTheNearest() async throws {
        let shop = try session()
        #expect(await shop.run("ehco hi") == "error: unknown command 'ehco' (did you mean 'echo'?)\n")
        #expect(await shop.run("countre") == "error: unknown command 'countre' (did you mean 'counter'?)\n")
        #expect(await shop.run("counter ad 1") == "error: unknown counter command 'ad' (did you mean 'counter add'?)\n")
        // Only names of the same kind: a plugin's verb is not offered for a command.
        #expect(!(await shop.run("add 1")).contains("counter add"))
        #expect(await shop.run("xyzzy") == "error: unknown command 'xyzzy'\n")
    }

    @Test func pipelinesCheckWhoReadsInput() async throws {
        let shop = try session()
        #expect(
            await shop.run("count") == "error: 'count' needs input: use it after '|', as in 'services list | count …'\n"
        )
        #expect(await shop.run("echo 1 | set") == "error: set: missing argument NAME (usage: set NAME [VALUE])\n")
        #expect(await shop.run("echo 1 | vars") == "error: 'vars' does not read input, so it cannot follow '|'\n")
        #expect(await shop.run("echo 1 | take 1") == "error: take: expected a list, got a string\n")
    }

    @Test func formatSwitchesTheSessionsOutput() async throws {
        let shop = try session()
        #expect(
            await shop.run("format json; set a 1; vars; echo hi; counter show")
                == "[{\"name\":\"a\",\"type\":\"int\",\"value\":1}]\n\"hi\"\n0\n")
        #expect(await shop.run("format plain; vars") == "name\ttype\tvalue\na\tint\t1\n")
        #expect(await shop.run("format table; counter show") == "[0]\n")
    }

    @Test func messagesGoToStandardErrorInJSONFormat() async throws {
        let shop = try TestSession(plugins: [CounterPlugin()], format: .json)
        let printed = await shop.run("counter add 1")
        #expect(printed == "counter is 1\n")
        #expect(shop.output.standardError == "")
    }

    @Test func pluginsListsVersionsAndCommands() async throws {
        let shop = try session()
        #expect(
            await shop.run("plugins") == """
                name    │ version │ protocol │ state  │ commands          │ summary
                ────────┼─────────┼──────────┼────────┼───────────────────┼─────────────────────
                counter │ 0.0.1   │ built-in │ loaded │ add show fail sum │ A counter for testi…

                """)
    }

    @Test func exitStopsTheScriptWithItsStatus() async throws {
        let shop = try session()
        let (outcome, printed) = await shop.outcome(of: "echo a; exit 3; echo b")
        #expect(printed == "a\n")
        #expect(outcome.failures == 0)
        #expect(await shop.session.exitRequest == 3)
    }

    @Test func sleepWaitsAndIsCancellable() async throws {
        let shop = try session()
        #expect(await shop.run("def marker; echo; end") == "")
        let task = Task { await shop.outcome(of: "sleep 30; echo after") }
        // A session names no user command while a run is under way: then `sleep` waits.
        var polls = 0
        while await shop.session.userCommandNames == ["marker"], polls < 3000 {
            try await Task.sleep(for: .milliseconds(10))
            polls += 1
        }
        task.cancel()
        let (outcome, printed) = await task.value
        #expect(outcome.interrupted)
        #expect(printed == "error: interrupted\n" || printed == "interrupted\n")
    }

    @Test func runIncludesScriptsRelativeToTheIncludingScript() async throws {
        let shop = try session()
        let folder = shop.stateDirectory + "/lib"
        FileSystem.createDirectory(folder)
        try FileSystem.writeAtomically(
            Array("set from_inner 1\nrun leaf.shopscript\n".utf8), to: folder + "/inner.shopscript")
        try FileSystem.writeAtomically(Array("set from_leaf 2\n".utf8), to: folder + "/leaf.shopscript")
        #expect(await shop.run("run lib/inner.shopscript; echo $from_inner $from_leaf") == "1 2\n")
    }

    @Test func runawayIncludesStopWithAClearError() async throws {
        let shop = try session()
        try FileSystem.writeAtomically(
            Array("run self.shopscript\n".utf8), to: shop.stateDirectory + "/self.shopscript")
        let printed = await shop.run("run self.shopscript")
        #expect(
            printed
                == "error: self.shopscript:1:1: run: scripts nested deeper than 64 levels (does 'self.shopscript' run itself?)\n"
        )
    }

    @Test func includedScriptsThatAreNotTextAreRefused() async throws {
        let shop = try session()
        try FileSystem.writeAtomically(
            [0x65, 0x63, 0x68, 0x6F, 0x0A, 0xFF, 0xFE, 0x00], to: shop.stateDirectory + "/bin.shopscript")
        #expect(
            await shop.run("run bin.shopscript")
                == "error: 'bin.shopscript' is not a text script (invalid UTF-8 on line 2)\n")
        #expect(await shop.run("run none.shopscript") == "error: cannot read 'none.shopscript': no such file\n")
        #expect(await shop.run("state load none.json") == "error: cannot read 'none.json': no such file\n")
        #expect(
            await shop.run("state load /dev/zero")
                == "error: cannot read '/dev/zero': not a regular file (a character device)\n")
    }

    @Test func dataIsSanitizedBeforeItReachesTheTerminal() async throws {
        let shop = try session()
        #expect(await shop.run("echo \"a\\tb\"; set t \"x\"") == "a    b\n")
        let escape = "\u{1B}]0;pwned\u{07}\u{1B}[2J"
        try FileSystem.writeAtomically(
            Array("{\"shopState\":1,\"values\":{\"t\":\"\(escape.jsonEscaped)\"}}".utf8),
            to: shop.stateDirectory + "/evil.json")
        await shop.run("state load evil.json")
        #expect(await shop.run("echo $t") == "␛]0;pwned␇␛[2J\n")
    }
}

extension String {
    /// The string's characters escaped for a JSON string literal, without the quotes.
    fileprivate var jsonEscaped: String { String(JSONWriter.quote(self).dropFirst().dropLast()) }
}
