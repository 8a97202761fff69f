import Foundation
import ShopRuntime
import ShopTestSupport
import Testing

/// Lines typed ahead or pasted while an animation plays (animations are on at a terminal)
/// all reach the prompt and run, in order; the history records what ran.
@Suite(.serialized) struct TypeAheadTests {
    let folder: FileSystemFolder

    init() throws {
        folder = try FileSystemFolder(prefix: "shop-typeahead")
    }

    /// Sends `text`, then waits until `lastOutput` printed on a line of its own and the prompt is back.
    private func run(_ text: String, until lastOutput: String, in shop: InteractiveSession) async throws {
        try shop.terminal.send(text)
        try await shop.terminal.waitFor("\n" + lastOutput + "\n", timeout: .seconds(20))
        try await shop.waitForPrompt()
    }

    @Test func aLineTypedRightAfterASelectionRunsAfterThePulse() async throws {
        let shop = try await InteractiveSession(stateDirectory: folder.path)
        try await run("services select 3\recho next\r", until: "next", in: shop)
        #expect(try await shop.quit() == .exited(0))
        #expect(try InteractiveSession.history(in: folder.path).map(\.text) == ["services select 3", "echo next"])
    }

    @Test func aLineTypedWhileThePulsePlaysRuns() async throws {
        let shop = try await InteractiveSession(stateDirectory: folder.path)
        try shop.terminal.send("services select 3\r")
        try await shop.terminal.waitFor("✓ selected")
        try await run("echo during\r", until: "during", in: shop)
        #expect(try await shop.quit() == .exited(0))
        #expect(try InteractiveSession.history(in: folder.path).map(\.text) == ["services select 3", "echo during"])
    }

    @Test func linesTypedDuringTheFeedTransitionsRun() async throws {
        let shop = try await InteractiveSession(stateDirectory: folder.path)
        try await run("feed open 2\recho opened\r", until: "opened", in: shop)
        try shop.terminal.send("feed close\r")
        try await shop.terminal.waitFor("\u{1B}[?1049h", stripANSI: false)
        try await run("echo closed\r", until: "closed", in: shop)
        #expect(try await shop.quit() == .exited(0))
        #expect(
            try InteractiveSession.history(in: folder.path).map(\.text) == [
                "feed open 2", "echo opened", "feed close", "echo closed",
            ])
    }

    @Test func sixPastedLinesAllRunInOrder() async throws {
        let shop = try await InteractiveSession(stateDirectory: folder.path)
        let lines = [
            "services select 1", "services select 2", "feed open 1", "feed close", "echo fifth", "echo sixth",
        ]
        try await run(lines.map { $0 + "\r" }.joined(), until: "sixth", in: shop)
        #expect(try await shop.quit() == .exited(0))
        #expect(try InteractiveSession.history(in: folder.path).map(\.text) == lines)
    }
}
