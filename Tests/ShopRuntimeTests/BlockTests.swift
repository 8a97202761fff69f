import ShopRendering
import ShopRuntime
import ShopTestSupport
import Testing

@testable import ShopLanguage

@Suite struct BlockTests {
    private let shop: TestSession

    init() throws {
        shop = try TestSession(plugins: [CounterPlugin()])
    }

    @Test func ifChoosesTheFirstBranchThatHolds() async throws {
        let script = """
            if $total > 1000
              echo big
            else if $total > 500
              echo medium
            else
              echo small
            end
            """
        for (total, size) in [(2000, "big"), (700, "medium"), (10, "small")] {
            #expect(await shop.run("set total \(total)\n" + script) == size + "\n")
        }
        #expect(await shop.run("if false; echo no; end") == "")
    }

    @Test func forIteratesListsAndRecordPairs() async throws {
        #expect(await shop.run("for i in [1, 2]; echo \"i=$i\"; end; echo $i") == "i=1\ni=2\n2\n")
        #expect(await shop.run("for f in {a: 1, b: x}; echo \"${f.key}=${f.value}\"; end") == "a=1\nb=x\n")
        #expect(await shop.run("for s in $(range 1 3 | where $it != 2)\n  echo $s\nend") == "1\n3\n")
        #expect(await shop.run("for i in []; echo never; end") == "")
        #expect(await shop.run("for x in 5; end") == "error: for: 5 is an int; it needs a list or a record\n")
    }

    @Test func whileBreakAndContinue() async throws {
        let script = """
            set n 0
            while $n < 10
              set n $(math $n + 1)
              if $n == 2; continue; end
              if $n > 4; break; end
              echo $n
            end
            """
        #expect(await shop.run(script) == "1\n3\n4\n")
        #expect(
            await shop.run("for i in [1, 2, 3]; for j in [a, b]; if $j == b; break; end; echo $i$j; end; end")
                == "1a\n2a\n3a\n")
    }

    @Test func tryRollsBackItsPartAndCatchGetsTheMessage() async throws {
        let script = """
            try
              counter add 5 --quiet
              set inside 1
              echoo
            catch problem
              echo "caught: $problem"
            end
            """
        #expect(await shop.outcome(of: script).printed == "caught: unknown command 'echoo' (did you mean 'echo'?)\n")
        #expect(await shop.run("echo ${counter.value}; vars | count") == "0\n1\n")
        #expect(await shop.outcome(of: "try; math 1 / 0; catch; echo fine; end").printed == "fine\n")
        #expect(await shop.run("try; echo ok; catch e; echo no; end") == "ok\n")
    }

    @Test func aBlockIsOneUndoStep() async throws {
        #expect(await shop.run("for i in [1, 2, 3]; counter add $i --quiet; set last $i; end") == "")
        #expect(await shop.run("echo ${counter.value} $last") == "6 3\n")
        await shop.run("undo")
        #expect(await shop.run("echo ${counter.value}; vars | count") == "0\n0\n")
    }

    @Test(arguments: [
        ("set y 0; for i in [1, 2]; set y $i; end; undo", "undid: for i in [1, 2]; set y $i; end"),
        ("set y 0; if true; set y 1; end # why\nundo", "undid: if true; set y 1; end"),
        ("set y 0; for i in [1, 2]\n  set y $i\nend; set z 1\nundo\nundo", "undid: set z 1\nundid: for i in [1, 2] …"),
        (
            "if true; set a 1; end; if true; set b 2; end; undo; undo",
            "undid: if true; set b 2; end\nundid: if true; set a 1; end"
        ),
    ])
    func aBlockSharingItsLineIsUndoneByItsOwnText(script: String, undone: String) async throws {
        #expect(await shop.outcome(of: script).printed == undone + "\n")
    }

    @Test func aFailingCommandRollsTheWholeBlockBack() async throws {
        let printed = await shop.outcome(
            of: "counter add 1 --quiet\nfor i in [1, 2]\n  counter add 10 --quiet\n  counter fail\nend"
        ).printed
        #expect(printed == "error: counter refused: on purpose\n")
        #expect(await shop.run("echo ${counter.value}") == "1\n")
    }

    @Test func underKeepGoingAFailingCommandAloneIsRolledBack() async throws {
        let text = "for i in [1, 2]\n  counter add 10 --quiet\n  echoo\nend\necho after"
        let outcome = await shop.session.run(text, file: nil, path: nil, policy: .keepGoing)
        #expect(outcome.failures == 1)
        #expect(shop.output.take().split(separator: "\n").filter { $0.hasPrefix("error") }.count == 2)
        #expect(await shop.run("echo ${counter.value}") == "20\n")
    }

    @Test func valuesShowInsideTopLevelBlocks() async throws {
        #expect(await shop.run("if true\n  echo a\n  range 1 2\n  set x 1\nend") == "a\n1\n2\n")
        await shop.session.setFormat(.json)
        #expect(await shop.run("for i in [1, 2]; [$i]; end") == "[1]\n[2]\n")
    }

    @Test(
        .serialized,
        arguments: ["while true\n  set n 1\nend", "while true; end", "for i in $(range 1 1000000)\n  set n $i\nend"])
    func ctrlCStopsALoopBeforeItsNextCommandAndRollsItBack(loop: String) async throws {
        let session = shop.session
        let task = Task {
            await session.run("set before 1\n" + loop, file: nil, path: nil, policy: .stopAtFirstFailure)
        }
        try await Task.sleep(for: .milliseconds(200))
        task.cancel()
        let outcome = await task.value
        #expect(outcome.interrupted)
        #expect(shop.output.take() == "interrupted\n")
        #expect(await shop.run("vars | get name | to json") == "[\n  \"before\"\n]\n")
    }

    @Test(arguments: [
        ("1️⃣if true\n  echo a\n", "'if' without 'end'"),
        ("echo a\n1️⃣for i in [1]\n", "'for' without 'end'"),
        ("1️⃣end", "'end' without a block to close"),
        ("if true\n1️⃣catch\nend", "'catch' without a 'try'"),
        ("1️⃣else", "'else' without an 'if'"),
        ("if true\nelse\n1️⃣else\nend", "'else' after 'else': an 'if' has at most one"),
        ("1️⃣break", "'break' outside a loop"),
        ("if true; 1️⃣continue; end", "'continue' outside a loop"),
        ("1️⃣return 1", "'return' outside a 'def'"),
        ("for x in a 1️⃣b c\nend", "'for' takes one value after 'in'; write a list such as [a b c]"),
        ("for 1️⃣$x in [1]\nend", "'$x' cannot be a loop variable: use a letter or '_', then letters, digits and '_'"),
        ("for x 1️⃣of [1]\nend", "expected 'in' after 'for x'"),
        ("1️⃣try\n  echo\nend", "'try' without 'catch'"),
        ("if true\n  echo a\nend 1️⃣extra", "unexpected 'extra' after 'end'"),
        ("if true\n  echo a\n1️⃣#> a\nend", "expected output '#>' inside a block: put it after the block's 'end'"),
        ("echo a\n1️⃣param x", "'param' lines come before the first command of a script"),
        ("if true\n  1️⃣param x\nend", "'param' belongs at the top of a script or a 'def'"),
    ])
    func misplacedBlockWordsAreErrorsWhereTheyStand(marked: String, message: String) {
        expectDiagnostic(in: marked, message)
    }

    @Test(arguments: [
        ("for x in 1️⃣5\n  set n 1\nend", "for: 5 is an int; it needs a list or a record"),
        ("for x in [1, 2]\n  set n $x\n  echo 1️⃣$x.nosuch\nend", "$x is an int, so it has no field 'nosuch'"),
    ])
    func runtimeErrorsInBlocksNameTheirPlaceAndUndoTheBlock(marked: String, message: String) async throws {
        try await expectOneError(in: marked, message)
    }

    @Test func blocksNestAt256LevelsAndDeeperIsOneError() {
        let ok = Parser.parse(
            String(repeating: "if true\n", count: 256) + String(repeating: "end\n", count: 256), file: "d")
        #expect(ok.diagnostics.isEmpty)
        let deep = Parser.parse(
            String(repeating: "if true\n", count: 10_000) + "echo x\n" + String(repeating: "end\n", count: 10_000)
                + "echo after\n", file: "d")
        #expect(deep.diagnostics.map(\.description) == ["d:257:1: blocks nested deeper than 256 levels"])
        #expect(deep.steps.count == 1)
        // Never closed: the levels left open are not 256 more lines.
        let open = Parser.parse(String(repeating: "if true\n", count: 10_000), file: "d")
        #expect(open.diagnostics.map(\.description) == ["d:257:1: blocks nested deeper than 256 levels"])
        // Past the limit it is an error, not an entry that waits for more lines.
        let past = Parser.parse(String(repeating: "if true\n", count: 300), file: nil)
        #expect(!past.diagnostics.contains { $0.isEndOfInput })
    }
}
