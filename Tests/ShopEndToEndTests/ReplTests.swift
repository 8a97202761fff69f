import Foundation
import ShopKit
import ShopTestSupport
import Testing

/// The REPL on a real pseudo-terminal: prompt, Tab, arrows, Ctrl-C, Ctrl-D, history.
@Suite(.serialized) struct ReplTests {
    let folder: FileSystemFolder

    init() throws {
        folder = try FileSystemFolder(prefix: "shop-repl")
    }

    @Test func promptCommandsAndCtrlDExitCleanly() throws {
        let shop = try InteractiveSession(stateDirectory: folder.path)
        #expect(try shop.type("set x 41").isEmpty == false)
        #expect(try shop.type("echo $x").contains("41"))
        #expect(try shop.quit() == .exited(0))
        let rows = try InteractiveSession.history(in: folder.path)
        #expect(rows.map(\.text) == ["set x 41", "echo $x"])
        #expect(rows.allSatisfy { $0.status == .succeeded })
    }

    @Test func tabCompletesAUniqueNameAndListsSeveral() throws {
        let shop = try InteractiveSession(stateDirectory: folder.path)
        try shop.terminal.send("ech")
        try shop.terminal.send(key: .tab)
        try shop.terminal.send("hello\r")
        try shop.terminal.waitFor("echo hello")
        try shop.waitForPrompt()
        try shop.terminal.send("state ")
        try shop.terminal.send(key: .tab)
        try shop.terminal.send(key: .tab)
        try shop.terminal.waitFor("get")
        try shop.terminal.waitFor("keys")
        try shop.terminal.waitFor("load")
        try shop.terminal.waitFor("save")
        try shop.terminal.send(key: .controlC)
        try shop.waitForPrompt()
        #expect(try shop.quit() == .exited(0))
    }

    @Test func upRecallsThePreviousCommand() throws {
        let shop = try InteractiveSession(stateDirectory: folder.path)
        try shop.type("echo first")
        try shop.type("echo second")
        try shop.terminal.send(key: .up)
        try shop.terminal.send(key: .up)
        try shop.terminal.send("\r")
        try shop.terminal.waitFor("first")
        try shop.waitForPrompt()
        #expect(try shop.quit() == .exited(0))
    }

    @Test func olderSessionsAreRecalledAfterThisOnes() throws {
        let first = try InteractiveSession(stateDirectory: folder.path)
        try first.type("echo from-the-past")
        #expect(try first.quit() == .exited(0))
        let second = try InteractiveSession(stateDirectory: folder.path)
        try second.type("echo now")
        try second.terminal.send(key: .up)
        try second.terminal.send(key: .up)
        try second.terminal.send("\r")
        try second.terminal.waitFor("from-the-past")
        try second.terminal.waitFor("from-the-past")
        #expect(try second.quit() == .exited(0))
    }

    @Test func ctrlCCancelsARunningCommandWithinHalfASecond() throws {
        let shop = try InteractiveSession(stateDirectory: folder.path)
        try shop.terminal.send("sleep 10\r")
        Thread.sleep(forTimeInterval: 0.3)
        let start = ContinuousClock.now
        try shop.terminal.send(key: .controlC)
        try shop.terminal.waitFor("interrupted", timeout: .seconds(2))
        try shop.terminal.waitFor("shop> ", timeout: .seconds(2))
        #expect(ContinuousClock.now - start < .milliseconds(500))
        #expect(try shop.type("echo still-here").contains("still-here"))
        #expect(try shop.quit() == .exited(0))
        #expect(try InteractiveSession.history(in: folder.path).map(\.status) == [.interrupted, .succeeded])
    }

    @Test func ctrlCAtThePromptClearsTheLine() throws {
        let shop = try InteractiveSession(stateDirectory: folder.path)
        try shop.terminal.send("echo abandoned")
        try shop.terminal.send(key: .controlC)
        try shop.waitForPrompt()
        #expect(try shop.type("echo kept").contains("kept"))
        #expect(try shop.quit() == .exited(0))
        #expect(try InteractiveSession.history(in: folder.path).map(\.text) == ["echo kept"])
    }

    @Test func aTrailingBackslashContinuesOnTheNextLine() throws {
        let shop = try InteractiveSession(stateDirectory: folder.path)
        try shop.terminal.send("echo one \\\r")
        try shop.terminal.waitFor("...> ")
        try shop.terminal.send("two\r")
        try shop.terminal.waitFor("one two")
        try shop.waitForPrompt()
        #expect(try shop.quit() == .exited(0))
    }

    @Test func historyCommandsRerunForgetAndSave() throws {
        let shop = try InteractiveSession(stateDirectory: folder.path)
        try shop.type("set total 3")
        try shop.type("echo secret-token")
        #expect(try shop.type("!!").contains("secret-token"))
        #expect(try shop.type("!1").contains("set total 3"))
        #expect(try shop.type("history forget --grep secret").contains("forgot 2 commands"))
        let listing = try shop.type("history")
        #expect(listing.contains("set total 3"))
        #expect(!listing.contains("secret"))
        try shop.type("history save replay.shopscript")
        #expect(try shop.type("history save replay.shopscript").contains("exists; add --force"))
        #expect(try shop.quit() == .exited(0))
        try folder.write("echo \"total $total\"\n", to: "check.shopscript")
        let replay = try ShopBinary.run(
            ["run", "replay.shopscript", "check.shopscript"],
            environment: ShopBinary.environment(stateDirectory: folder.path),
            workingDirectory: folder.path)
        #expect(replay == ShopBinary.Result(status: 0, standardOutput: "total 3\n", standardError: ""))
    }

    @Test func historySaveWithOutputsMakesAPassingTranscript() throws {
        let shop = try InteractiveSession(stateDirectory: folder.path, columns: 120)
        try shop.type("set plan '[{\"task\":\"clean\",\"hours\":3},{\"task\":\"paint\",\"hours\":5}]'")
        try shop.type("echo $plan | from json | sort hours desc")
        try shop.type("echo $plan | from json | count")
        try shop.type("nosuch command")
        try shop.type("help undo")
        #expect(try shop.type("history save flow.shopscript --outputs").contains("saved 4 commands to flow.shopscript"))
        #expect(try shop.quit() == .exited(0))
        let saved = try String(contentsOfFile: folder.path + "/flow.shopscript", encoding: .utf8)
        #expect(saved.contains("#> 2\n"))
        #expect(!saved.contains("nosuch"))
        let check = try ShopBinary.run(
            ["test", "flow.shopscript"], environment: ShopBinary.environment(stateDirectory: folder.path),
            workingDirectory: folder.path)
        #expect(check.standardOutput == "ok    flow.shopscript\n1 passed, 0 failed\n")
    }

    @Test func theInitScriptRunsFirstAndItsErrorsDoNotStopTheREPL() throws {
        try folder.write("set greeting hi\nnosuchcommand\n", to: "config/shop/init.shopscript")
        let shop = try InteractiveSession(stateDirectory: folder.path)
        #expect(shop.terminal.output.contains("unknown command 'nosuchcommand'"))
        #expect(try shop.type("echo $greeting").contains("hi"))
        #expect(try shop.quit() == .exited(0))
    }
}
