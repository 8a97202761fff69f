import ShopPluginAPI
import ShopTestSupport
import Testing

@testable import ShopRuntime

/// `exit` inside a file given to `run` ends that run, as IPython's `%run` does, not the
/// session that ran it.
@Suite struct RunExitTests {
    private let shop: TestSession

    init() throws {
        shop = try TestSession(plugins: [])
        try write("two.shopscript", "echo before\nexit 2\necho after\n")
        try write("zero.shopscript", "echo before\nif true\n  exit\nend\necho after\n")
    }

    private func write(_ name: String, _ text: String) throws {
        try FileSystem.writeAtomically(Array(text.utf8), to: shop.stateDirectory + "/" + name)
    }

    @Test func aStatusOtherThanZeroFailsTheRunAndTheSessionGoesOn() async {
        #expect(
            await shop.run("run two.shopscript; echo same line")
                == "before\nerror: run: 'two.shopscript' exited with status 2\n")
        #expect(await shop.session.exitRequest == nil)
        #expect(await shop.run("echo next") == "next\n")
        let caught = "try\n  run two.shopscript\ncatch problem\n  echo \"caught: $problem\"\nend"
        let (outcome, printed) = await shop.outcome(of: caught)
        #expect(outcome.failures == 0)
        #expect(printed == "before\ncaught: run: 'two.shopscript' exited with status 2\n")
    }

    @Test func statusZeroEndsTheRunQuietly() async {
        #expect(await shop.run("run zero.shopscript; echo next") == "before\nnext\n")
        #expect(await shop.session.exitRequest == nil)
    }

    @Test func atThePromptTheRunEndsAndTheSessionDoesNot() async {
        #expect(await shop.session.execute(line: "run two.shopscript") == .failed)
        #expect(shop.output.take() == "before\nerror: run: 'two.shopscript' exited with status 2\n")
        #expect(await shop.session.exitRequest == nil)
        #expect(await shop.session.execute(line: "exit 3") == .succeeded)
        #expect(await shop.session.exitRequest == 3)
    }
}
