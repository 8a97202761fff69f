import ShopTestSupport
import Testing

@testable import ShopRuntime

/// A call's name is looked up each time it runs: user commands, which `def` and `undo`
/// change, are found as they are now.
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
}
