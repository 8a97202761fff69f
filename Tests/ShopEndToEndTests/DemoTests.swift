import Foundation
import ShopTestSupport
import Testing

/// Presenter mode on a pseudo-terminal, and its rehearsal without one.
@Suite(.serialized) struct DemoTests {
    let folder: FileSystemFolder

    init() throws {
        folder = try FileSystemFolder(prefix: "shop-demo")
        try folder.write(
            """
            ## Welcome to the demo.
            set counter 1
            # a comment the audience never sees
            set counter 2
            #> never shown
            echo "counter is $counter"
            sleep 10
            echo after-sleep

            """, to: "demo.shopscript")
    }

    private func start(_ arguments: [String] = []) async throws -> PseudoTerminal {
        var environment = PseudoTerminal.defaultEnvironment
        environment["HOME"] = folder.path
        environment["XDG_STATE_HOME"] = folder.path
        let terminal = try PseudoTerminal(
            executable: ShopBinary.path, arguments: ["demo"] + arguments + ["demo.shopscript"],
            environment: environment,
            workingDirectory: folder.path, columns: 100, rows: 40)
        try await terminal.waitFor("Welcome to the demo.")
        try await terminal.waitFor("shop> ")
        try await terminal.waitForKeyByKeyInput()
        return terminal
    }

    /// Presses keys until the command is typed out, then Enter to run it.
    private func typeAndRun(_ terminal: PseudoTerminal, _ command: String) async throws {
        for _ in 0..<((command.count + 2) / 3) { try terminal.send("x") }
        try await terminal.waitFor(command)
        try terminal.send(key: .enter)
    }

    @Test func keysRevealTheCommandAndEnterRunsIt() async throws {
        let terminal = try await start()
        try terminal.send("x")
        try await terminal.waitFor("set")
        #expect(!terminal.output.contains("set counter 1"))
        try terminal.send("xxxx")
        try await terminal.waitFor(" counter 1")
        try terminal.send(key: .enter)
        try await terminal.waitFor("shop> ")
        try await terminal.waitForKeyByKeyInput()
        try await typeAndRun(terminal, "set counter 2")
        try await terminal.waitFor("shop> ")
        try await terminal.waitForKeyByKeyInput()
        try await typeAndRun(terminal, "echo \"counter is $counter\"")
        try await terminal.waitFor("counter is 2")
        #expect(!terminal.output.contains("never shown"))
        #expect(!terminal.output.contains("a comment the audience"))
        try await terminal.waitForKeyByKeyInput()
        try terminal.send("q")
        #expect(try await terminal.waitForExit() == .exited(0))
    }

    @Test func backRestoresTheStateAndSkipSkips() async throws {
        let terminal = try await start()
        try await typeAndRun(terminal, "set counter 1")
        try await terminal.waitFor("2/")
        try await terminal.waitForKeyByKeyInput()
        try await typeAndRun(terminal, "set counter 2")
        try await terminal.waitFor("3/")
        try await terminal.waitForKeyByKeyInput()
        try terminal.send("b")
        try await terminal.waitFor("back to step 2")
        try await terminal.waitForKeyByKeyInput()
        try terminal.send("s")
        try await terminal.waitFor("skipped step 2")
        try await terminal.waitForKeyByKeyInput()
        try await typeAndRun(terminal, "echo \"counter is $counter\"")
        try await terminal.waitFor("counter is 1")
        try await terminal.waitForKeyByKeyInput()
        try terminal.send("q")
        #expect(try await terminal.waitForExit() == .exited(0))
    }

    @Test func ctrlCStopsOnlyTheRunningStep() async throws {
        let terminal = try await start(["--typing", "1"])
        for command in ["set counter 1", "set counter 2", "counter is $counter\""] {
            try await terminal.waitFor(command)
            try await terminal.waitForKeyByKeyInput()
            try terminal.send(key: .enter)
        }
        try await terminal.waitFor("sleep 10")
        try await terminal.waitForKeyByKeyInput()
        try terminal.send(key: .enter)
        try await Task.sleep(for: .milliseconds(300))
        try terminal.send(key: .controlC)
        try await terminal.waitFor("interrupted", timeout: .seconds(2))
        try await terminal.waitFor("echo after-sleep", timeout: .seconds(2))
        try await terminal.waitForKeyByKeyInput()
        try terminal.send("q")
        #expect(try await terminal.waitForExit() == .exited(0))
    }

    @Test func withoutATerminalDemoIsAUsageError() async throws {
        let result = try await ShopBinary.run(
            ["demo", "demo.shopscript"], environment: ShopBinary.environment(stateDirectory: folder.path),
            workingDirectory: folder.path)
        #expect(result.status == 2)
        #expect(result.standardError.hasPrefix("shop: demo needs a terminal"))
    }

    @Test func rehearsalRunsEveryStepAndPrintsItsTime() async throws {
        try folder.write(
            "## intro\nset a 1\nexpect $a == 1\nnosuch\n#> error: unknown command 'nosuch'\n", to: "ok.shopscript")
        let result = try await ShopBinary.run(
            ["demo", "--rehearse", "ok.shopscript"], environment: ShopBinary.environment(stateDirectory: folder.path),
            workingDirectory: folder.path)
        #expect(result.status == 0)
        #expect(result.standardOutput.contains("── step 1/3: set a 1"))
        #expect(result.standardOutput.contains("3 steps, 0 failed"))
        let rows = result.standardOutput.split(separator: "\n").filter { $0.contains(" │ ") }
        #expect(rows.count == 4)
        #expect(rows.last?.contains("error, as expected") == true)
    }
}
