import ShopTestSupport
import Testing

@testable import ShopLanguage
@testable import ShopRuntime

/// The words `where`, `expect`, `math` and `each` read as a condition, an expression or a
/// command are parsed with the line: a mistake in them is reported when the line or block is
/// read, before any of it runs, and they are never read again when it runs.
@Suite struct ParsedArgumentTests {
    private let shop: TestSession

    init() throws {
        shop = try TestSession(plugins: [CounterPlugin()])
    }

    @Test func theSessionParsesConditionsExpressionsAndCommandsIntoTheTree() throws {
        let script = shop.session.parse(
            "[1] | where $it > 0 | each math $it * 2; expect 1 == 1; math 1 + 2; run x.shopscript $a", file: nil)
        #expect(script.diagnostics.isEmpty)
        let calls = try #require(script.steps.first).commandCalls
        #expect(calls.count == 6)
        guard case .condition(.comparison)? = calls[1].argument,
            case .command(let each)? = calls[2].argument, case .expression? = each.argument,
            case .condition(.comparison)? = calls[3].argument, case .expression? = calls[4].argument
        else {
            Issue.record("unexpected arguments: \(calls.map(\.argument))")
            return
        }
        #expect(calls[0].argument == nil && calls[5].argument == nil)
    }

    @Test func aMistakeInABlockIsReportedBeforeAnyOfItRuns() async {
        let loop = "for i in [1, 2]\n  echo $i\n  math $i +\nend"
        #expect(await shop.run(loop) == "error: math: expected a number after '+'\n")
        let definition = "def f\n  echo ran\n  [1] | where (it > 0\nend\nf"
        #expect(
            await shop.run(definition)
                == "error: where: missing ')' for this '('\nerror: unknown command 'f'\n")
        #expect(await shop.run("echo start; expect 1 ==") == "error: expect: expected a value after '=='\n")
    }

    @Test func aScriptNamesTheWordThatBreaksIt() async {
        let (outcome, printed) = await shop.outcome(of: "echo one\nmath 1 + 2 )\necho two", file: "m.shopscript")
        #expect(outcome.failures == 1)
        #expect(printed == "one\nerror: m.shopscript:2:12: math: unexpected ')'\n")
    }

    @Test func expectComparesTheInputOnlyAfterAPipe() async {
        #expect(await shop.run("expect == 1") == "error: expect: expected a value before '=='\n")
        #expect(await shop.run("[1, 2] | count | expect == 2") == "")
        #expect(await shop.run("set x 1 | expect == 2") == "error: expect: expected a value before '=='\n")
        #expect(await shop.run("[1] | each expect == 1 | count") == "0\n")
        #expect(await shop.run("[1] | each expect == 2") == "error: expect failed: 1 == 2\n")
    }
}
