import ShopPluginAPI
import ShopRuntime
import ShopTestSupport
import Testing

@Suite struct UserCommandTests {
    private let shop: TestSession

    init() throws {
        shop = try TestSession(plugins: [CounterPlugin()])
    }

    private static let greet = """
        def greet "Say hello"
          param who string = world "who to greet"
          param times int = 1
          param loud bool
          set line "hello $who"
          if $loud
            return "HELLO $who x$times"
          end
          echo "$line x$times"
        end
        """

    @Test func parametersBindByPositionAndNameWithDefaults() async throws {
        await shop.run(Self.greet)
        #expect(await shop.run("greet") == "hello world x1\n")
        #expect(await shop.run("greet Ann 3") == "hello Ann x3\n")
        #expect(await shop.run("greet --times 2 --who Bob") == "hello Bob x2\n")
        #expect(await shop.run("greet 007 --loud") == "HELLO 007 x1\n")
        #expect(await shop.run("echo $(greet Cy)") == "hello Cy x1\n")
    }

    @Test func aCallInABodyFindsTheNewestDefinitionAndNamesAnUnknownOne() async throws {
        // The body's call keeps only that no built-in has the name, so each run finds `word` anew.
        await shop.run("def word; echo one; end")
        await shop.run("def twice; word; word; end")
        #expect(await shop.run("twice") == "one\n")
        await shop.run("def word; echo two; end")
        #expect(await shop.run("twice") == "two\n")
        await shop.run("undo")
        #expect(await shop.run("twice") == "one\n")
        await shop.run("def lost; nosuch; end")
        for _ in 1...2 { #expect(await shop.run("lost").hasPrefix("error: unknown command 'nosuch'")) }
    }

    @Test func aCallShowsNothingInsideAndHasItsLastValue() async throws {
        await shop.run("def pair; param n int; echo inside; [$n, $(math $n * 2)]; end")
        #expect(await shop.run("set p $(pair 4)") == "")
        #expect(await shop.run("echo $p") == "[4,8]\n")
        #expect(await shop.run("pair 1 | count") == "2\n")
        await shop.run("def nothing; set q 1; end")
        #expect(await shop.run("nothing") == "")
    }

    @Test func localsFollowFishsRule() async throws {
        await shop.run("set total 10")
        await shop.run("def bump; param by int; set total $(math $total + $by); set scratch 1; end")
        await shop.run("bump 5")
        #expect(await shop.run("echo $total") == "15\n")
        #expect(await shop.run("echo $scratch") == "error: unknown variable 'scratch'\n")
        await shop.run("def outer; set secret 1; inner; end")
        await shop.run("def inner; echo $secret; end")
        #expect(await shop.run("outer") == "error: unknown variable 'secret'\n")
        await shop.run("def showargs; echo $args; end")
        #expect(await shop.run("showargs") == "[]\n")
    }

    @Test func aScriptsParametersAreVisibleInTheCommandsItDefines() async throws {
        let script = """
            param who string = world
            def hello
              param times int = 1
              echo "hello $who x$times"
            end
            hello
            hello 2

            """
        try FileSystem.writeAtomically(Array(script.utf8), to: shop.stateDirectory + "/greet.shopscript")
        #expect(await shop.run("run greet.shopscript") == "hello world x1\nhello world x2\n")
        #expect(await shop.run("run greet.shopscript Ann") == "hello Ann x1\nhello Ann x2\n")
        // Defined by the last run, it keeps the value it was defined with.
        #expect(await shop.run("hello 3") == "hello Ann x3\n")
        #expect(await shop.run("echo $who") == "error: unknown variable 'who'\n")
    }

    @Test func aDefinitionIsStateThatUndoAndStateFilesCover() async throws {
        await shop.run("def hi \"Say hi\"; echo hi; end")
        #expect(await shop.run("hi") == "hi\n")
        #expect(await shop.run("state keys | where owner == core | get key") == "commands.hi\n")
        let file = shop.stateDirectory + "/saved.json"
        await shop.run("state save \(file)")
        #expect(await shop.run("undo") == "undid: def hi \"Say hi\"; echo hi; end\n")
        #expect(await shop.run("hi") == "error: unknown command 'hi' (did you mean 'history'?)\n")
        await shop.run("state load \(file)")
        #expect(await shop.run("hi") == "hi\n")
        await shop.run("def hi; echo again; end")
        #expect(await shop.run("hi") == "again\n")
    }

    @Test func aSavedDefinitionUnderANameShopNowUsesIsSkippedWithAWarning() async throws {
        await shop.run("def hi; echo hi; end; def mydescribe; echo mine; end")
        let file = shop.stateDirectory + "/saved.json"
        await shop.run("state save \(file)")
        let saved = try String(decoding: FileSystem.read(file), as: UTF8.self)
        try FileSystem.writeAtomically(
            Array(saved.replacing("commands.mydescribe", with: "commands.describe").utf8), to: file)
        await shop.run("undo; undo")
        let printed = await shop.run("state load \(file)").split(separator: "\n")
        #expect(
            printed.first.map(String.init)
                == "warning: state load: the saved command 'describe' is skipped: 'describe' is shop's own now; "
                + "define it under another name")
        #expect(printed.count == 2 && printed[1].hasPrefix("loaded "))
        #expect(await shop.run("hi") == "hi\n")
        #expect(await shop.run("[1] | describe | get field") == "value\n")
    }

    @Test func helpAndTabKnowUserCommands() async throws {
        await shop.run(Self.greet)
        #expect(await shop.run("help greet").hasPrefix("greet [WHO] [TIMES] [--who STRING] [--times INT] [--loud]\n"))
        #expect(await shop.run("help").contains("Your commands\n  greet"))
        let completion = await shop.session.completionContext()
        #expect(completion.complete("gre").candidates == ["greet"])
        #expect(completion.complete("greet --t").candidates == ["--times"])
        #expect(completion.complete("help gre").candidates == ["greet"])
        #expect(await shop.run("help language").contains("def greet \"Say hello\""))
        #expect(await shop.run("greeet") == "error: unknown command 'greeet' (did you mean 'greet'?)\n")
    }

    @Test(arguments: [
        (
            "def counter\n  echo x\nend",
            "def: 'counter' is the counter plugin's name (show the counter); choose another name"
        ),
        ("def echo; end", "def: 'echo' is a built-in command (print words after interpolation); choose another name"),
        ("def f\n  1️⃣f\nend\nf", "f: calls nested deeper than 64 (does 'f' call itself forever?)"),
    ])
    func refusedDefinitionsAndRunawayRecursion(marked: String, message: String) async throws {
        try await expectOneError(in: marked, message)
    }

    @Test(arguments: [
        ("f x", "f: N must be a whole number, got 'x'"),
        ("f", "f: missing argument n (usage: f [N] [--n INT])"),
        ("f 1 2", "f: unexpected argument '2' (usage: f [N] [--n INT])"),
        ("f 1 --n 2", "f: n is given twice, by position and as --n (usage: f [N] [--n INT])"),
        ("f --nosuch 1", "f: unknown option '--nosuch'"),
    ])
    func badCallsAreUsageErrorsThatNameTheParameter(call: String, message: String) async throws {
        await shop.run("def f; param n int; set called 1; end")
        #expect(await shop.run(call) == "error: \(message)\n")
        #expect(await shop.run("vars | count") == "0\n")
    }

    @Test func aParamAfterACommandInADefIsAnErrorAtTheParam() {
        expectDiagnostic(
            in: "def f\n  echo a\n  1️⃣param x\nend", "'param' lines come before the first command of a 'def'")
    }
}
