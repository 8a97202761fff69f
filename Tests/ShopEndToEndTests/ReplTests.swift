import Foundation
import ShopPluginAPI
import ShopRuntime
import ShopTestSupport
import Testing

/// The REPL on a real pseudo-terminal: prompt, Tab, arrows, Ctrl-C, Ctrl-D, history.
@Suite(.serialized) struct ReplTests {
    let folder: FileSystemFolder

    init() throws {
        folder = try FileSystemFolder(prefix: "shop-repl")
    }

    @Test func promptCommandsAndCtrlDExitCleanly() async throws {
        let shop = try await InteractiveSession(stateDirectory: folder.path)
        #expect(try await shop.type("set x 41").isEmpty == false)
        #expect(try await shop.type("echo $x").contains("41"))
        #expect(try await shop.quit() == .exited(0))
        let rows = try InteractiveSession.history(in: folder.path)
        #expect(rows.map(\.text) == ["set x 41", "echo $x"])
        #expect(rows.allSatisfy { $0.status == .succeeded })
    }

    @Test func tabCompletesAUniqueNameAndListsSeveral() async throws {
        let shop = try await InteractiveSession(stateDirectory: folder.path)
        try shop.terminal.send("serv")
        try shop.terminal.send(key: .tab)
        try shop.terminal.send("mode\r")
        try await shop.terminal.waitFor("services mode")
        try await shop.terminal.waitFor("single")
        try await shop.waitForPrompt()
        try shop.terminal.send("services sel")
        try shop.terminal.send(key: .tab)
        try shop.terminal.send("la")
        try shop.terminal.send(key: .tab)
        try shop.terminal.send("\r")
        try await shop.terminal.waitFor("selected")
        try await shop.waitForPrompt()
        try shop.terminal.send("state ")
        try shop.terminal.send(key: .tab)
        try shop.terminal.send(key: .tab)
        try await shop.terminal.waitForScreen("the verbs of state") { screen in
            ["get", "keys", "load", "save"].allSatisfy { screen.text.contains($0 + "  ") }
        }
        try shop.terminal.send(key: .controlC)
        try await shop.waitForPrompt()
        #expect(try await shop.quit() == .exited(0))
        #expect(try InteractiveSession.history(in: folder.path).map(\.text).contains("services select laundry"))
    }

    @Test func tabReadsTheStateTheLastCommandLeft() async throws {
        let shop = try await InteractiveSession(stateDirectory: folder.path)
        try await shop.type("set fruit apple")
        try shop.terminal.send("echo $fr")
        try shop.terminal.send(key: .tab)
        try shop.terminal.send("\r")
        try await shop.terminal.waitFor("apple")
        try await shop.waitForPrompt()
        #expect(try await shop.quit() == .exited(0))
        #expect(try InteractiveSession.history(in: folder.path).map(\.text) == ["set fruit apple", "echo $fruit"])
    }

    @Test func exitInAFileGivenToRunEndsThatRunNotThePrompt() async throws {
        try FileSystem.writeAtomically(
            Array("echo before\nexit 2\necho after\n".utf8), to: folder.path + "/two.shopscript")
        let shop = try await InteractiveSession(stateDirectory: folder.path)
        let printed = try await shop.type("run two.shopscript")
        #expect(printed.contains("before"))
        #expect(printed.contains("error: run: 'two.shopscript' exited with status 2"))
        #expect(!printed.contains("after"))
        #expect(try await shop.type("echo still-here").contains("still-here"))
        #expect(try await shop.quit() == .exited(0))
    }

    @Test func upRecallsThePreviousCommand() async throws {
        let shop = try await InteractiveSession(stateDirectory: folder.path)
        try await shop.type("echo first")
        try await shop.type("echo second")
        try shop.terminal.send(key: .up)
        try shop.terminal.send(key: .up)
        try shop.terminal.send("\r")
        try await shop.terminal.waitFor("first")
        try await shop.waitForPrompt()
        #expect(try await shop.quit() == .exited(0))
    }

    @Test func olderSessionsAreRecalledAfterThisOnes() async throws {
        let first = try await InteractiveSession(stateDirectory: folder.path)
        try await first.type("echo from-the-past")
        #expect(try await first.quit() == .exited(0))
        let second = try await InteractiveSession(stateDirectory: folder.path)
        try await second.type("echo now")
        try second.terminal.send(key: .up)
        try second.terminal.send(key: .up)
        try second.terminal.send("\r")
        try await second.terminal.waitFor("from-the-past")
        try await second.terminal.waitFor("from-the-past")
        #expect(try await second.quit() == .exited(0))
    }

    @Test func ctrlCCancelsARunningCommandLongBeforeItWouldEnd() async throws {
        let shop = try await InteractiveSession(stateDirectory: folder.path)
        try shop.terminal.send("sleep 10\r")
        let typed = ContinuousClock.now
        try await Task.sleep(for: .milliseconds(300))
        let pressed = ContinuousClock.now
        try shop.terminal.send(key: .controlC)
        try await shop.terminal.waitFor("interrupted", timeout: .seconds(10))
        try await shop.terminal.waitFor("shop> ", timeout: .seconds(10))
        #expect(try await shop.type("echo still-here").contains("still-here"))
        #expect(try await shop.quit() == .exited(0))
        let history = try InteractiveSession.history(in: folder.path)
        #expect(history.map(\.status) == [.interrupted, .succeeded])
        // shop's own clock: the command ended this long after Ctrl-C was pressed (the keys
        // reached it no earlier than this test sent them).
        let pressedAfter =
            Double((pressed - typed).components.attoseconds) / 1e18 + Double((pressed - typed).components.seconds)
        let reaction = (history.first?.duration ?? 10) - pressedAfter
        // A safety net 10 times the goal (0.5 s), and still well short of the 10 s sleep.
        #expect(reaction < 5, "the command ended \(reaction) s after Ctrl-C")
    }

    @Test func ctrlCAtThePromptClearsTheLine() async throws {
        let shop = try await InteractiveSession(stateDirectory: folder.path)
        try shop.terminal.send("echo abandoned")
        try shop.terminal.send(key: .controlC)
        try await shop.waitForPrompt()
        #expect(try await shop.type("echo kept").contains("kept"))
        #expect(try await shop.quit() == .exited(0))
        #expect(try InteractiveSession.history(in: folder.path).map(\.text) == ["echo kept"])
    }

    @Test func aTrailingBackslashContinuesOnTheNextLine() async throws {
        let shop = try await InteractiveSession(stateDirectory: folder.path)
        try shop.terminal.send("echo one \\\r")
        try await shop.terminal.waitFor("...> ")
        try shop.terminal.send("two\r")
        try await shop.terminal.waitFor("one two")
        try await shop.waitForPrompt()
        #expect(try await shop.quit() == .exited(0))
    }

    @Test func historyCommandsRerunForgetAndSave() async throws {
        let shop = try await InteractiveSession(stateDirectory: folder.path)
        try await shop.type("set total 3")
        try await shop.type("echo secret-token")
        #expect(try await shop.type("!!").contains("secret-token"))
        #expect(try await shop.type("!1").contains("set total 3"))
        #expect(try await shop.type("history forget --grep secret").contains("forgot 2 commands"))
        let listing = try await shop.type("history")
        #expect(listing.contains("set total 3"))
        #expect(!listing.contains("secret"))
        try await shop.type("history save replay.shopscript")
        #expect(try await shop.type("history save replay.shopscript").contains("exists; add --force"))
        #expect(try await shop.quit() == .exited(0))
        try folder.write("echo \"total $total\"\n", to: "check.shopscript")
        let replay = try await ShopBinary.run(
            ["-c", "cat replay.shopscript check.shopscript | \"$0\" run -", ShopBinary.path],
            environment: ShopBinary.environment(stateDirectory: folder.path),
            workingDirectory: folder.path, launchPath: "/bin/sh")
        #expect(replay == ShopBinary.Result(status: 0, standardOutput: "total 3\n", standardError: ""))
    }

    @Test func forgottenCommandsAndTheForgetLineLeaveUpAtOnce() async throws {
        let shop = try await InteractiveSession(stateDirectory: folder.path)
        try await shop.type("echo kept")
        try await shop.type("echo secret-token")
        #expect(try await shop.type("history forget --grep secret").contains("forgot 1 command"))
        let before = shop.terminal.output.count
        for _ in 0..<4 { try shop.terminal.send(key: .up) }
        try shop.terminal.send("\r")
        try await shop.terminal.waitFor("\nkept")
        try await shop.waitForPrompt()
        let recalled = String(shop.terminal.output.dropFirst(before))
        #expect(!recalled.contains("secret"), "\(recalled)")
        #expect(try await shop.quit() == .exited(0))
    }

    @Test func historySaveWithOutputsMakesAPassingTranscript() async throws {
        let shop = try await InteractiveSession(stateDirectory: folder.path, columns: 120)
        try await shop.type("set plan '[{\"task\":\"clean\",\"hours\":3},{\"task\":\"paint\",\"hours\":5}]'")
        try await shop.type("echo $plan | from json | sort hours desc")
        try await shop.type("echo $plan | from json | count")
        try await shop.type("nosuch command")
        try await shop.type("help undo")
        #expect(
            try await shop.type("history save flow.shopscript --outputs").contains(
                "saved 4 commands to flow.shopscript"))
        #expect(try await shop.quit() == .exited(0))
        let saved = try String(contentsOfFile: folder.path + "/flow.shopscript", encoding: .utf8)
        #expect(saved.contains("#> 2\n"))
        #expect(!saved.contains("nosuch"))
        let check = try await ShopBinary.run(
            ["test", "flow.shopscript"], environment: ShopBinary.environment(stateDirectory: folder.path),
            workingDirectory: folder.path)
        #expect(check.standardOutput == "ok    flow.shopscript\n1 passed, 0 failed\n")
    }

    @Test func theInitScriptRunsFirstAndItsErrorsDoNotStopTheREPL() async throws {
        try folder.write("set greeting hi\nnosuchcommand\n", to: "config/shop/init.shopscript")
        let shop = try await InteractiveSession(stateDirectory: folder.path)
        #expect(shop.terminal.output.contains("init.shopscript:2:1: unknown command 'nosuchcommand'"))
        #expect(try await shop.type("echo $greeting").contains("hi"))
        #expect(try await shop.quit() == .exited(0))
    }
}
