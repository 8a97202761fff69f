import ShopTestSupport
import Testing

@Suite struct SubexpressionTests {
    private let shop: TestSession

    init() throws {
        shop = try TestSession(plugins: [CounterPlugin()])
    }

    @Test func aSubexpressionIsAWordWithThePipelinesValue() async throws {
        #expect(await shop.run("echo \"total: $(range 1 4 | count) items\"") == "total: 4 items\n")
        #expect(await shop.run("set n $(range 1 3 | count); expect $n == 3; echo $n") == "3\n")
        #expect(await shop.run("echo $(echo a; echo b) x$(math 1 + 1)y") == "b x2y\n")
        #expect(await shop.run("echo $(echo $(echo inner))") == "inner\n")
        #expect(await shop.run("set xs $(range 1 2); echo $xs.1") == "2\n")
        #expect(await shop.run("echo $(math (1 + 2) * 3)") == "9\n")
        #expect(await shop.run("echo $(\n  range 1 3 | count\n  range 1 5 | count\n)") == "5\n")
    }

    @Test func nothingInsideASubexpressionIsShownButMessagesAre() async throws {
        #expect(await shop.run("echo $(counter add 2)") == "counter is 2\nnull\n")
        #expect(await shop.run("set x $(echo hidden; counter add 1 --quiet)") == "")
    }

    @Test func aPipelineMayStartWithAValue() async throws {
        await shop.run("set cart [b, a]")
        #expect(await shop.run("$cart | count") == "2\n")
        #expect(await shop.run("$cart | sort") == "a\nb\n")
        #expect(await shop.run("$cart") == "b\na\n")
        #expect(await shop.run("{a: 1} | get a") == "1\n")
        #expect(await shop.run("$(range 1 3) | count") == "3\n")
        #expect(await shop.run("42") == "42\n")
        #expect(
            await shop.run("$cart extra")
                == "error: $cart is a value, not a command, so 'extra' cannot follow it (pass it on with '|')\n")
        #expect(
            await shop.run("range 1 2 | $cart")
                == "error: $cart is a value: it can start a pipeline but not follow '|'\n")
    }

    @Test(arguments: [
        ("echo 1️⃣$(", "unclosed '$(': it needs a ')'"),
        ("echo 1️⃣$(range 1 2 | count", "unclosed '$(': it needs a ')'"),
        ("echo $(1️⃣if true)", "'if' cannot be used inside '$( … )'"),
        ("echo $(range 1 2 1️⃣|)", "expected a command after '|'"),
    ])
    func badSubexpressionsNameTheirPlace(marked: String, message: String) async throws {
        try await expectOneError(in: marked, message)
    }
}
