import Foundation
import ShopTestSupport
import Testing

/// Exploring at a real prompt: Tab for fields, `page`, `help` taller than the
/// screen and `clear`, with the real `less` on a pseudo-terminal of 40 rows.
@Suite(.serialized) struct ExploringPromptTests {
    let folder: FileSystemFolder

    init() throws {
        folder = try FileSystemFolder(prefix: "shop-pager")
    }

    /// The REPL with the default pager (`PAGER` empty counts as unset).
    private func session(pager: String = "") async throws -> InteractiveSession {
        try await InteractiveSession(stateDirectory: folder.path, environment: ["PAGER": pager, "LESS": ""])
    }

    @Test func tabAfterAVerbOffersThePreviousCommandsFields() async throws {
        let shop = try await session()
        try shop.terminal.send("services list | sort pr")
        try shop.terminal.send(key: .tab)
        try shop.terminal.send("desc | first | get ti")
        try shop.terminal.send(key: .tab)
        try shop.terminal.send("\r")
        try await shop.terminal.waitFor("services list | sort price desc | first | get title")
        try await shop.terminal.waitFor("Plumber visit")
        try await shop.waitForPrompt()
        try shop.terminal.send("news list | where ")
        try shop.terminal.send(key: .tab)
        try shop.terminal.send(key: .tab)
        try await shop.terminal.waitFor("titleImageUrl")
        try await shop.terminal.waitFor("categoryType")
        try shop.terminal.send(key: .controlC)
        try await shop.waitForPrompt()
        #expect(try await shop.quit() == .exited(0))
    }

    @Test func tabOffersTheFieldsOfVariablesFilesAndQueries() async throws {
        #expect(
            FileManager.default.createFile(atPath: folder.path + "/stock.csv", contents: Data("sku,stock\nb1,4\n".utf8))
        )
        let shop = try await session()
        try await shop.type("set orders [{id: 1, city: Oslo, qty: 3}]")
        try shop.terminal.send("$orders | sort ci")
        try shop.terminal.send(key: .tab)
        try shop.terminal.send("| first | get q")
        try shop.terminal.send(key: .tab)
        try shop.terminal.send("\r")
        try await shop.terminal.waitFor("$orders | sort city | first | get qty")
        try await shop.waitForPrompt()
        try shop.terminal.send("echo $orders.0.ci")
        try shop.terminal.send(key: .tab)
        try shop.terminal.send("\r")
        try await shop.terminal.waitFor("Oslo")
        try await shop.waitForPrompt()
        try shop.terminal.send("open stock.csv | sql 'SELECT sku, stock * 2 AS twice FROM it' | get tw")
        try shop.terminal.send(key: .tab)
        try shop.terminal.send("\r")
        try await shop.terminal.waitFor("get twice")
        try await shop.terminal.waitFor("8")
        try await shop.waitForPrompt()
        #expect(try await shop.quit() == .exited(0))
    }

    @Test func helpTallerThanTheScreenGoesThroughLessAndQReturns() async throws {
        let shop = try await session()
        try shop.terminal.send("help\r")
        try await shop.terminal.waitFor("Core commands")
        try await shop.terminal.waitForKeyByKeyInput()
        try await Task.sleep(for: .milliseconds(300))
        // less shows the first screen and waits: no prompt yet, and the end of help unseen.
        #expect(!shop.terminal.output.contains("Type 'help COMMAND'"))
        #expect(!shop.terminal.output.hasSuffix("shop> "))
        try shop.terminal.send("q")
        try await shop.waitForPrompt()
        #expect(!shop.terminal.output.contains("Type 'help COMMAND'"))
        #expect(try await shop.type("echo back").contains("back"))
        #expect(try await shop.quit() == .exited(0))
    }

    @Test func ctrlCInThePagerReturnsToThePrompt() async throws {
        let shop = try await session()
        try shop.terminal.send("help | page\r")
        try await shop.terminal.waitFor("command")
        try await shop.terminal.waitForKeyByKeyInput()
        try await Task.sleep(for: .milliseconds(300))
        try shop.terminal.send(key: .controlC)
        try await shop.waitForPrompt()
        #expect(try await shop.type("echo after").contains("after"))
        #expect(try await shop.quit() == .exited(0))
    }

    @Test func aShortTableLeavesLessAtOnceAndPAGERIsHonoured() async throws {
        let shop = try await session()
        // Six narrow rows fit: less -F shows them and quits by itself.
        #expect(try await shop.type("services list | select title price | page").contains("Maths tutoring"))
        #expect(try await shop.quit() == .exited(0))
        let catting = try await session(pager: "sed 's/^/paged: /'")
        #expect(try await catting.type("services list | get title | page").contains("paged: Window cleaning"))
        #expect(try await catting.quit() == .exited(0))
    }

    @Test func clearClearsTheScreenAsCtrlLDoes() async throws {
        let shop = try await session()
        try await shop.type("echo before")
        try shop.terminal.send("clear\r")
        try await shop.terminal.waitFor("\u{1B}[H\u{1B}[2J", stripANSI: false)
        try await shop.waitForPrompt()
        #expect(try await shop.quit() == .exited(0))
    }

    @Test func scriptsNeverPageOrClear() async throws {
        let run = try await ShopBinary.run(
            ["-c", "services list | get title | page | count; clear; help select | get command"],
            environment: ShopBinary.environment(stateDirectory: folder.path), workingDirectory: folder.path)
        #expect(run.standardOutput == "6\nselect\n")
        #expect(run.status == 0)
    }
}
