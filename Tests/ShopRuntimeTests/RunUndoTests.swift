import ShopTestSupport
import Testing

@testable import ShopPluginAPI
@testable import ShopRuntime

/// `run FILE` is one change: one undo step when it succeeds, nothing left when it fails.
@Suite struct RunUndoTests {
    private func session(script: String) throws -> TestSession {
        let shop = try TestSession(plugins: [CounterPlugin()])
        try FileSystem.writeAtomically(Array(script.utf8), to: shop.stateDirectory + "/f.shopscript")
        return shop
    }

    @Test func aScriptIsOneUndoStepNamedAfterTheRunCommand() async throws {
        let shop = try session(script: "set x 1\ncounter add 2 --quiet\nset x 3\n")
        await shop.run("set x 0; run f.shopscript")
        #expect(await shop.run("echo $x ${counter.value}") == "3 2\n")
        #expect(await shop.run("undo") == "undid: run f.shopscript\n")
        #expect(await shop.run("echo $x ${counter.value}") == "0 0\n")
        #expect(await shop.run("undo") == "undid: set x 0\n")
    }

    @Test func aScriptThatFailsHalfwayLeavesTheStateAsItWas() async throws {
        let shop = try session(script: "set x 1\ncounter add 2 --quiet\ncounter fail\nset x 3\n")
        await shop.run("set x 0")
        #expect(await shop.run("run f.shopscript") == "error: f.shopscript:3:1: counter refused: on purpose\n")
        #expect(await shop.run("echo $x ${counter.value}") == "0 0\n")
        #expect(await shop.run("undo") == "undid: set x 0\n")
    }

    @Test func undoInsideAScriptUndoesTheScriptsPreviousCommand() async throws {
        let shop = try session(script: "set x 1\nset x 2\nundo\n")
        await shop.run("set x 0")
        #expect(await shop.run("run f.shopscript; echo $x") == "undid: set x 2\n1\n")
        #expect(await shop.run("undo; echo $x") == "undid: run f.shopscript\n0\n")
    }

    @Test func eachPipelineOfALineIsItsOwnStep() async throws {
        let shop = try TestSession(plugins: [CounterPlugin()])
        await shop.run("set a 1;  set b 2 ; counter add 3 --quiet")
        #expect(await shop.run("undo; undo; undo") == "undid: counter add 3 --quiet\nundid: set b 2\nundid: set a 1\n")
    }

    @Test func aSecondRunWhileOneIsUnderWayIsRefused() async throws {
        let shop = try TestSession(plugins: [CounterPlugin()])
        let first = Task { await shop.session.run("sleep 0.5; set x 1", file: nil, path: nil, policy: .keepGoing) }
        try await Task.sleep(for: .milliseconds(100))
        let second = await shop.session.run("set y 2", file: nil, path: nil, policy: .keepGoing)
        #expect(second == RunOutcome(failures: 1))
        #expect(await first.value == RunOutcome())
        #expect(shop.output.take() == "error: this session is already running a command\n")
        #expect(await shop.run("echo $x; vars | count") == "1\n1\n")
    }
}
