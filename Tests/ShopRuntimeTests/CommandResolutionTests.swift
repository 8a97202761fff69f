import ShopTestSupport
import Testing

@testable import ShopLanguage
@testable import ShopRuntime

/// A call inside a block keeps the registry command its name found; user commands, which
/// `def` and `undo` change, are looked up on every run.
@Suite struct CommandResolutionTests {
    private let shop: TestSession

    init() throws {
        shop = try TestSession(plugins: [CounterPlugin()])
    }

    @Test func aLoopRunsItsCommandsEveryRound() async throws {
        let loop = "for i in [1, 2, 3]\n  counter add $i\n  later $i\nend"
        let missing = await shop.run(loop)
        #expect(
            missing
                == "counter is 1\nerror: unknown command 'later' (did you mean 'date'?)\ncounter is 3\n"
                + "error: unknown command 'later' (did you mean 'date'?)\ncounter is 6\n"
                + "error: unknown command 'later' (did you mean 'date'?)\n")
        await shop.run("def later; param n int; echo \"later $n\"; end")
        let found = await shop.run(loop)
        #expect(found == "counter is 7\nlater 1\ncounter is 9\nlater 2\ncounter is 12\nlater 3\n")
    }

    @Test func aDefinitionsBodyFollowsUndoAndRedefinition() async throws {
        await shop.run("def outer; counter show; helper; end")
        await shop.run("def helper; echo one; end")
        #expect(await shop.run("outer") == "one\n")
        #expect(await shop.run("undo") == "undid: def helper; echo one; end\n")
        #expect(await shop.run("outer") == "error: unknown command 'helper' (did you mean 'help'?)\n")
        await shop.run("def helper; echo two; end")
        #expect(await shop.run("outer") == "two\n")
    }

    @Test func linesOutsideABlockFindEachVerbOfAGroup() async throws {
        let output = await shop.run(
            "counter add 2\ncounter\ncounter add 3\ncounter show\ncounter nosuch\ncounter add 1\ncounter show")
        let lines = output.split(separator: "\n").map(String.init)
        #expect(lines.count == 7)
        #expect(Array(lines[0..<4]) == ["counter is 2", "[2]", "counter is 5", "[5]"])
        #expect(lines[4].hasPrefix("error: ") && lines[4].contains("nosuch"))
        #expect(Array(lines[5...]) == ["counter is 6", "[6]"])
    }

    @Test func recentCommandsTellOneWordNamesFromAGroupsVerbs() {
        let commands = CounterPlugin().commands.map { RegisteredCommand($0, owner: "counter") }
        var recent = RecentCommands()
        recent.keep(commands[0], named: "counter", verb: "add")
        recent.keep(commands[1], named: "counter", verb: "show")
        recent.keep(commands[2], named: "echo")
        #expect(recent.command(named: "counter", verb: { "add" })?.0 === commands[0])
        #expect(recent.command(named: "counter", verb: { "add" })?.1 == 2)
        #expect(recent.command(named: "counter", verb: { "show" })?.0 === commands[1])
        #expect(recent.command(named: "counter", verb: { "sum" }) == nil)
        #expect(recent.command(named: "counter", verb: { nil }) == nil)
        var askedForVerb = false
        let echo = recent.command(
            named: "echo",
            verb: {
                askedForVerb = true
                return "add"
            })
        #expect(echo?.0 === commands[2] && echo?.1 == 1 && !askedForVerb)
    }

    @Test func onlyACallInsideABlockHasACache() throws {
        let script = Parser.parse("set y 0\nfor i in [1, 2]\n  set x $i\nend\n", file: nil)
        let calls = script.items.flatMap { item -> [CommandCall] in
            guard case .step(let step) = item else { return [] }
            return step.commandCalls
        }
        #expect(calls.map { $0.resolution != nil } == [false, true])
    }
}
