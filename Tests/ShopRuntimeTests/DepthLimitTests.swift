import ShopTestSupport
import Testing

@testable import ShopRuntime

/// Every recursive reader and evaluator has one depth limit, reached in linear time: input
/// past it is one error line, however deep; a long chain of `and` or `+` is no deeper than a
/// short one.
///
/// Serialized: each test reads long inputs without a suspension point, and side by side they
/// would hold every thread of the test process's pool, stalling the tests that wait on time.
@Suite(.serialized) struct DepthLimitTests {
    private let shop: TestSession

    init() throws {
        shop = try TestSession(plugins: [])
    }

    @Test func fifteenThousandNotsAreOneErrorInExpectIfAndWhere() async {
        let nots = String(repeating: "not ", count: 15_000)
        #expect(await shop.run("expect \(nots)true") == "error: expect: condition nested deeper than 256 levels\n")
        #expect(await shop.run("if \(nots)true\n  echo yes\nend") == "error: condition nested deeper than 256 levels\n")
        #expect(
            await shop.run("while \(nots)true\n  echo yes\nend") == "error: condition nested deeper than 256 levels\n")
        #expect(await shop.run("[1] | where \(nots)true") == "error: where: condition nested deeper than 256 levels\n")
        #expect(await shop.run("expect \(String(repeating: "not ", count: 254))true") == "")
    }

    @Test func aHundredThousandParenthesesAreOneError() async {
        let deep = String(repeating: "(", count: 100_000) + "1" + String(repeating: ")", count: 100_000)
        #expect(await shop.run("math \(deep)") == "error: math: expression nested deeper than 256 levels\n")
        let comparison = String(repeating: "(", count: 100_000) + "1 == 1" + String(repeating: ")", count: 100_000)
        #expect(await shop.run("expect \(comparison)") == "error: expect: condition nested deeper than 256 levels\n")
        #expect(await shop.run("if \(comparison)\nend") == "error: condition nested deeper than 256 levels\n")
        #expect(
            await shop.run("[1] | where \(comparison)") == "error: where: condition nested deeper than 256 levels\n")
        let open = String(repeating: "(", count: 100_000)
        #expect(await shop.run("math \(open)") == "error: math: expression nested deeper than 256 levels\n")
    }

    @Test func longChainsAreNoDeeperThanShortOnes() async {
        #expect(await shop.run("math " + Array(repeating: "1", count: 40_001).joined(separator: "+")) == "40001\n")
        // Far past the limit is enough for the other chains; a debug build reads them slowly.
        let ones = Array(repeating: "1", count: 5_001)
        #expect(await shop.run("math " + ones.joined(separator: " + ")) == "5001\n")
        #expect(await shop.run("math " + ones.joined(separator: " * ")) == "1\n")
        let comparisons = Array(repeating: "1 == 1", count: 5_000)
        #expect(await shop.run("expect " + comparisons.joined(separator: " and ")) == "")
        #expect(await shop.run("expect " + comparisons.joined(separator: " or ") + " or 1 == 2") == "")
        let items = Array(repeating: "$it > 0", count: 5_000)
        #expect(await shop.run("[1, 2] | where " + items.joined(separator: " and ") + " | count") == "2\n")
    }

    @Test func deepLiteralsSubexpressionsAndEachAreOneError() async {
        for (open, close, what) in [
            ("[", "]", "literals"), ("{a: ", "}", "literals"), ("$(echo ", ")", "'$( … )'"),
        ] {
            let text = "set x " + String(repeating: open, count: 100_000) + String(repeating: close, count: 100_000)
            #expect(await shop.run(text) == "error: \(what) nested deeper than 256 levels\n")
        }
        let each = "[1] | " + String(repeating: "each ", count: 10_000) + "echo $it"
        #expect(await shop.run(each) == "error: 'each' nested deeper than 256 levels\n")
        #expect(await shop.run("vars | count") == "0\n")
    }
}
