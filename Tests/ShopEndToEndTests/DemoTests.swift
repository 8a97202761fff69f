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
        try folder.write(
            """
            ## Five steps that build on each other.
            set counter 1
            echo "hidden output"
            nosuch
            set counter "$counter+2"
            echo "counter is $counter"
            ## That was all.

            """, to: "steps.shopscript")
    }

    private func start(_ arguments: [String] = [], script: String = "demo.shopscript") async throws -> PseudoTerminal {
        var environment = PseudoTerminal.defaultEnvironment
        environment["HOME"] = folder.path
        environment["XDG_STATE_HOME"] = folder.path
        let terminal = try PseudoTerminal(
            executable: ShopBinary.path, arguments: ["demo"] + arguments + [script],
            environment: environment,
            workingDirectory: folder.path, columns: 100, rows: 40)
        try await terminal.waitFor(script == "demo.shopscript" ? "Welcome to the demo." : "build on each other.")
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
        try await waitForStep(terminal, 4)
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
        try await waitForStep(terminal, 4)
        try terminal.send("q")
        #expect(try await terminal.waitForExit() == .exited(0))
    }

    @Test func ctrlCStopsOnlyTheRunningStepAndOtherKeysAreNeitherEchoedNorRun() async throws {
        let terminal = try await start(["--typing", "1"])
        for command in ["set counter 1", "set counter 2", "counter is $counter\""] {
            try await terminal.waitFor(command)
            try await terminal.waitForKeyByKeyInput()
            try terminal.send(key: .enter)
        }
        try await terminal.waitFor("sleep 10")
        try await terminal.waitForKeyByKeyInput()
        try terminal.send(key: .enter)
        try await Task.sleep(for: .milliseconds(200))
        try terminal.send("xyz\r")
        try await Task.sleep(for: .milliseconds(200))
        try terminal.send(key: .controlC)
        let duringTheStep = try await terminal.waitFor("interrupted", timeout: .seconds(5))
        #expect(!duringTheStep.contains("xyz"))
        #expect(!duringTheStep.contains("^C"))
        try await terminal.waitFor("echo after-sleep", timeout: .seconds(5))
        try terminal.send("q")
        try await terminal.waitFor("left the demo at step 5 of 5")
        #expect(try await terminal.waitForExit() == .exited(0))
        #expect(!terminal.output.contains("xyz"))
    }

    /// Waits for step `number`'s prompt and the presenter's keys. A step's output is not
    /// enough: the terminal stays in key-by-key mode while a step runs, and keys typed then
    /// are dropped when it ends.
    private func waitForStep(_ terminal: PseudoTerminal, _ number: Int) async throws {
        try await terminal.waitFor("\(number)/")
        try await terminal.waitFor("shop> ")
        try await terminal.waitForKeyByKeyInput()
    }

    @Test func goToRunsTheEarlierStepsQuietlyAndReportsTheirErrors() async throws {
        let terminal = try await start(script: "steps.shopscript")
        try terminal.send("g5\r")
        try await terminal.waitFor("running steps 1–4 quietly")
        try await terminal.waitFor("step 3: error: unknown command 'nosuch'")
        try await terminal.waitFor("→ step 5 of 5")
        try await waitForStep(terminal, 5)
        try await typeAndRun(terminal, "echo \"counter is $counter\"")
        try await terminal.waitFor("counter is 1+2")
        #expect(!terminal.output.contains("hidden output"))
        try await terminal.waitFor("That was all.")
        try await terminal.waitFor("end of demo")
        try terminal.send("q")
        try await terminal.waitFor("left the demo at the end, after step 5")
        #expect(try await terminal.waitForExit() == .exited(0))
    }

    @Test func goToRunsSkippedStepsInOrder() async throws {
        let terminal = try await start(script: "steps.shopscript")
        try terminal.send("s")
        try await terminal.waitFor("skipped step 1")
        try await waitForStep(terminal, 2)
        try await typeAndRun(terminal, "echo \"hidden output\"")
        try await terminal.waitFor("hidden output")
        try await waitForStep(terminal, 3)
        try terminal.send("g5\r")
        try await terminal.waitFor("running steps 1–4 quietly")
        try await terminal.waitFor("→ step 5 of 5")
        try await waitForStep(terminal, 5)
        try await typeAndRun(terminal, "echo \"counter is $counter\"")
        try await terminal.waitFor("counter is 1+2")
        try await terminal.waitFor("end of demo")
        try terminal.send("q")
        #expect(try await terminal.waitForExit() == .exited(0))
    }

    @Test func backAfterSkipReturnsToTheSkippedStep() async throws {
        let terminal = try await start(script: "steps.shopscript")
        try await typeAndRun(terminal, "set counter 1")
        try await waitForStep(terminal, 2)
        try terminal.send("s")
        try await terminal.waitFor("skipped step 2")
        try await waitForStep(terminal, 3)
        try terminal.send("b")
        try await terminal.waitFor("back to step 2")
        try await waitForStep(terminal, 2)
        try await typeAndRun(terminal, "echo \"hidden output\"")
        try await terminal.waitFor("hidden output")
        try await waitForStep(terminal, 3)
        try terminal.send("q")
        try await terminal.waitFor("left the demo at step 3 of 5")
        #expect(try await terminal.waitForExit() == .exited(0))
    }

    @Test func keysTypedDuringAStepDoNotRevealTheNextOne() async throws {
        let terminal = try await start()
        try await typeAndRun(terminal, "set counter 1")
        try await waitForStep(terminal, 2)
        try await typeAndRun(terminal, "set counter 2")
        try await waitForStep(terminal, 3)
        try await typeAndRun(terminal, "echo \"counter is $counter\"")
        try await waitForStep(terminal, 4)
        try await typeAndRun(terminal, "sleep 10")
        try await Task.sleep(for: .milliseconds(200))
        try terminal.send("xxxxxxxxx")
        try await Task.sleep(for: .milliseconds(200))
        try terminal.send(key: .controlC)
        try await terminal.waitFor("interrupted", timeout: .seconds(5))
        try await waitForStep(terminal, 5)
        try terminal.send("x")
        let revealed = try await terminal.waitFor("ech")
        #expect(!revealed.contains("x"))
        try await Task.sleep(for: .milliseconds(100))
        try terminal.terminal.readPendingOutput()
        #expect(!terminal.output.contains("echo a"))
        try terminal.send(key: .enter)
        try await terminal.waitFor("after-sleep")
        try terminal.send("q")
        #expect(try await terminal.waitForExit() == .exited(0))
    }

    @Test func aStepOfSeveralLinesIsTypedLineByLineAndRunAsOne() async throws {
        try folder.write("## Two lines.\necho one \\\n    two\necho done\n", to: "lines.shopscript")
        var environment = PseudoTerminal.defaultEnvironment
        environment["HOME"] = folder.path
        let terminal = try PseudoTerminal(
            executable: ShopBinary.path, arguments: ["demo", "lines.shopscript"], environment: environment,
            workingDirectory: folder.path, columns: 100, rows: 40)
        try await waitForStep(terminal, 1)
        try terminal.send(key: .enter)
        try await terminal.waitFor("echo one \\\n...> ")
        try await Task.sleep(for: .milliseconds(50))
        try terminal.terminal.readPendingOutput()
        #expect(!terminal.output.contains("two"))
        try terminal.send(key: .enter)
        try await terminal.waitFor("    two")
        try terminal.send(key: .enter)
        try await terminal.waitFor("one two")
        try await waitForStep(terminal, 2)
        try terminal.send("q")
        #expect(try await terminal.waitForExit() == .exited(0))
    }

    @Test func aBlockIsTypedLineByLineAndRunAsOneStep() async throws {
        try folder.write(
            "## A loop.\nfor x in [1, 2]\n  set last $x\n  echo \"x is $x\"\nend\necho \"last $last\"\n",
            to: "block.shopscript")
        var environment = PseudoTerminal.defaultEnvironment
        environment["HOME"] = folder.path
        let terminal = try PseudoTerminal(
            executable: ShopBinary.path, arguments: ["demo", "block.shopscript"], environment: environment,
            workingDirectory: folder.path, columns: 100, rows: 40)
        try await waitForStep(terminal, 1)
        for line in ["for x in [1, 2]", "  set last $x", #"  echo "x is $x""#] {
            try terminal.send(key: .enter)
            try await terminal.waitFor(line + "\n...> ")
        }
        try await Task.sleep(for: .milliseconds(50))
        try terminal.terminal.readPendingOutput()
        #expect(!terminal.output.contains("x is 1"), "nothing runs before the block is typed whole")
        try terminal.send(key: .enter)
        try await terminal.waitFor("end")
        try terminal.send(key: .enter)
        try await terminal.waitFor("x is 1")
        try await terminal.waitFor("x is 2")
        try await waitForStep(terminal, 2)
        // Back over the block undoes it whole: $last is unset again.
        try terminal.send("b")
        try await terminal.waitFor("back to step 1")
        try await terminal.waitForKeyByKeyInput()
        try terminal.send("s")
        try await terminal.waitFor("skipped step 1")
        try await terminal.waitForKeyByKeyInput()
        try await typeAndRun(terminal, #"echo "last $last""#)
        try await terminal.waitFor("unknown variable 'last'")
        try await terminal.waitFor("end of demo")
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

    @Test func relativePathsInTheStepsStartFromTheScriptsFolder() async throws {
        try folder.write("set a 1\nstate save saved.json\n", to: "talk/paths.shopscript")
        let result = try await ShopBinary.run(
            ["demo", "--rehearse", "talk/paths.shopscript"],
            environment: ShopBinary.environment(stateDirectory: folder.path), workingDirectory: folder.path)
        #expect(result.status == 0)
        #expect(FileManager.default.fileExists(atPath: folder.path + "/talk/saved.json"))
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

    @Test func narrationWrapsAtWordsOnANarrowTerminal() async throws {
        let words = (1...40).map { "narrated\($0)" }
        try folder.write("## " + words.joined(separator: " ") + "\necho done\n", to: "long.shopscript")
        var environment = PseudoTerminal.defaultEnvironment
        environment["HOME"] = folder.path
        environment["XDG_STATE_HOME"] = folder.path
        let terminal = try PseudoTerminal(
            executable: ShopBinary.path, arguments: ["demo", "long.shopscript"], environment: environment,
            workingDirectory: folder.path, columns: 60, rows: 40)
        try await terminal.waitFor("narrated40")
        try await terminal.waitFor("shop> ")
        let lines = terminal.output.replacing(/\u{1B}\[[0-9;?]*[A-Za-z]/, with: "").split(separator: "\n")
            .map { $0.replacing("\r", with: "") }.filter { $0.hasPrefix("▌ ") }
        #expect(lines.count > 1)
        #expect(lines.allSatisfy { $0.count <= 60 }, "\(lines)")
        #expect(lines.flatMap { $0.dropFirst(2).split(separator: " ").map(String.init) } == words)
        try terminal.send("q")
        _ = try await terminal.waitForExit()
    }
}
