import Foundation
import ShopRuntime
import ShopTestSupport
import Testing

/// Blocks typed at the prompt of the real REPL: the parser decides when an entry is complete,
/// a block is one history entry, recalled whole by Up (as its lines) and saved back as a block.
@Suite struct BlockEntryTests {
    let folder: FileSystemFolder

    init() throws {
        folder = try FileSystemFolder(prefix: "shop-blocks")
    }

    /// Sends a line that leaves the entry open and waits for the continuation prompt.
    private func continueEntry(_ shop: InteractiveSession, _ line: String) async throws {
        try shop.terminal.send(line + "\r")
        try await shop.terminal.waitFor("...> ")
        try await shop.terminal.waitForKeyByKeyInput()
    }

    @Test func aBlockContinuesUntilItsEndAndIsOneHistoryEntry() async throws {
        let shop = try await InteractiveSession(stateDirectory: folder.path)
        try await continueEntry(shop, "for i in [1, 2]")
        try await continueEntry(shop, "  echo \"i=$i\"")
        let printed = try await shop.type("end")
        #expect(printed.contains("i=1\ni=2"))
        try shop.terminal.send(key: .up)
        try shop.terminal.send("\r")
        try await shop.terminal.waitFor("i=2")
        try await shop.waitForPrompt()
        try await shop.type("history save again.shopscript")
        #expect(try await shop.quit() == .exited(0))
        let texts = try InteractiveSession.history(in: folder.path).map(\.text)
        #expect(texts.prefix(2) == ["for i in [1, 2]\n  echo \"i=$i\"\nend", "for i in [1, 2]\n  echo \"i=$i\"\nend"])
        let saved = try String(contentsOfFile: folder.path + "/again.shopscript", encoding: .utf8)
        #expect(saved.contains("\nfor i in [1, 2]\n  echo \"i=$i\"\nend\n"))
    }

    @Test(arguments: ["if true", "echo [1,", "echo \"open", "echo $(range 1", "echo one \\"])
    func anOpenEntryShowsTheContinuationPromptAndCtrlCAbandonsIt(opening: String) async throws {
        let shop = try await InteractiveSession(stateDirectory: folder.path)
        try await continueEntry(shop, opening)
        try shop.terminal.send(key: .controlC)
        try await shop.waitForPrompt()
        #expect(try await shop.type("echo kept").contains("kept"))
        #expect(try await shop.quit() == .exited(0))
        #expect(try InteractiveSession.history(in: folder.path).map(\.text) == ["echo kept"])
    }

    @Test func ctrlCStopsALoopAndTheBlockIsRolledBack() async throws {
        let shop = try await InteractiveSession(stateDirectory: folder.path)
        try await shop.type("set n 0")
        try shop.terminal.send("while true; set n $(math $n + 1); end\r")
        try await Task.sleep(for: .milliseconds(300))
        try shop.terminal.send(key: .controlC)
        try await shop.terminal.waitFor("interrupted")
        try await shop.waitForPrompt()
        #expect(try await shop.type("echo \"n=$n\"").contains("n=0"))
        #expect(try await shop.quit() == .exited(0))
    }
}
