import Foundation
import ShopTestSupport
import Testing

/// The built `shop` binary run as a user runs it: stdout, stderr and exit codes.
@Suite struct RunnerTests {
    let folder: FileSystemFolder

    init() throws {
        folder = try FileSystemFolder(prefix: "shop-e2e")
    }

    private func shop(_ arguments: [String], input: String = "", _ extra: [String: String] = [:]) async throws
        -> ShopBinary.Result
    {
        try await ShopBinary.run(
            arguments, input: input, environment: ShopBinary.environment(stateDirectory: folder.path, extra),
            workingDirectory: folder.path)
    }

    @Test func commandsFromDashCRunAndExit() async throws {
        let result = try await shop(["-c", "set x 2; echo \"x=$x\"\necho done"])
        #expect(result == ShopBinary.Result(status: 0, standardOutput: "x=2\ndone\n", standardError: ""))
    }

    @Test(arguments: ["feed", "feed open 2"])
    func pipedFeedOutputHasNoTrailingBlanks(command: String) async throws {
        let result = try await shop(["-c", command])
        #expect(result.status == 0 && result.standardOutput.contains("│"))
        #expect(result.standardOutput.split(separator: "\n").filter { $0.hasSuffix(" ") } == [])
    }

    @Test func aFailingScriptStopsAtTheFirstErrorWithItsPlace() async throws {
        try folder.write("echo one\nechoo two\necho three\n", to: "demo.shopscript")
        let result = try await shop(["run", "demo.shopscript"])
        #expect(result.status == 1)
        #expect(result.standardOutput == "one\n")
        #expect(result.standardError == "error: demo.shopscript:2:1: unknown command 'echoo' (did you mean 'echo'?)\n")
    }

    @Test func keepGoingRunsEverythingAndStillFails() async throws {
        try folder.write("echo one\nechoo two\necho ${three\n echo four\n", to: "demo.shopscript")
        let result = try await shop(["run", "--keep-going", "demo.shopscript"])
        #expect(result.status == 1)
        #expect(result.standardOutput == "one\nfour\n")
        #expect(
            result.standardError == """
                error: demo.shopscript:2:1: unknown command 'echoo' (did you mean 'echo'?)
                error: demo.shopscript:3:6: unterminated '${'

                """)
    }

    @Test func scriptsPipedTogetherShareOneSession() async throws {
        try folder.write("set greeting hello\n", to: "a.shopscript")
        try folder.write("echo $greeting\n", to: "b.shopscript")
        let result = try await ShopBinary.run(
            ["-c", "cat a.shopscript b.shopscript | \"$0\" run -", ShopBinary.path],
            environment: ShopBinary.environment(stateDirectory: folder.path),
            workingDirectory: folder.path, launchPath: "/bin/sh")
        #expect(result == ShopBinary.Result(status: 0, standardOutput: "hello\n", standardError: ""))
    }

    @Test func theWordsAfterTheScriptAreItsOwn() async throws {
        try folder.write("echo $args\n", to: "args.shopscript")
        let result = try await shop(["run", "--keep-going", "args.shopscript", "Ann", "--keep-going", "-", "--x=1"])
        #expect(result.standardOutput == #"["Ann","--keep-going","-","--x=1"]"# + "\n")
        #expect(result.status == 0)
    }

    @Test func echoPrintsEachStepAndNarration() async throws {
        try folder.write("## Say hi\necho hi # greet\n#> hi\n", to: "demo.shopscript")
        let result = try await shop(["run", "--echo", "demo.shopscript"])
        #expect(result.standardOutput == "## Say hi\nshop> echo hi # greet\nhi\n")
    }

    @Test func jsonFormatPrintsOneLinePerResultAndMessagesOnStandardError() async throws {
        let result = try await shop([
            "--format", "json", "-c", "set a 1; vars; echo hi; state save s.json; expect 1 == 2",
        ])
        #expect(result.standardOutput == "[{\"name\":\"a\",\"type\":\"int\",\"value\":1}]\n\"hi\"\n")
        #expect(result.standardError.hasPrefix("saved "))
        #expect(result.standardError.hasSuffix(" keys to s.json\nerror: expect failed: 1 == 2\n"))
        #expect(result.status == 1)
    }

    @Test func commandsPipedIntoShopRunWithoutAPrompt() async throws {
        let result = try await shop([], input: "set x 1\necho $x\nexit 4\necho never\n")
        #expect(result == ShopBinary.Result(status: 4, standardOutput: "1\n", standardError: ""))
    }

    @Test(arguments: [
        (["--bogus"], "shop: unknown option '--bogus'\nTry 'shop --help'.\n"),
        (["--formt", "json"], "shop: unknown option '--formt' (did you mean '--format'?)\nTry 'shop --help'.\n"),
        (["--format", "yaml"], "shop: --format must be table, json or plain, not 'yaml'\nTry 'shop --help'.\n"),
        (
            ["--now", "yesterday"],
            "shop: --now needs an ISO 8601 time such as 2026-01-15T10:00:00Z, not 'yesterday'\nTry 'shop --help'.\n"
        ),
        (["run"], "shop: run needs a script (or '-' for stdin)\nTry 'shop --help'.\n"),
        (
            ["frobnicate"],
            "shop: unknown command 'frobnicate'; to run a script use 'shop run frobnicate'\nTry 'shop --help'.\n"
        ),
        (["run", "missing.shopscript"], "shop: cannot read 'missing.shopscript': no such file\n"),
    ])
    func usageErrorsExitWithTwo(arguments: [String], message: String) async throws {
        let result = try await shop(arguments)
        #expect(result.status == 2)
        #expect(result.standardError == message)
        #expect(result.standardOutput == "")
    }

    @Test func binaryGarbageIsRefusedAsNotAScript() async throws {
        let garbage = Data([0x7F, 0x45, 0x4C, 0x46, 0x02, 0x00, 0xFF, 0xFE, 0x0A])
        try garbage.write(to: URL(fileURLWithPath: folder.path + "/bin.shopscript"))
        let result = try await shop(["run", "bin.shopscript"])
        #expect(result.status == 2)
        #expect(result.standardError == "shop: 'bin.shopscript' is not a text script (a NUL byte on line 1)\n")
    }

    @Test func aMegabyteLineRuns() async throws {
        let word = String(repeating: "x", count: 1_000_000)
        try folder.write("expect \(word) matches '^x+$'; echo done\n", to: "long.shopscript")
        let result = try await shop(["run", "long.shopscript"])
        #expect(result == ShopBinary.Result(status: 0, standardOutput: "done\n", standardError: ""))
    }

    @Test func tenThousandNestedIncludesStopWithARecursionError() async throws {
        for index in 0..<10_000 {
            try folder.write("run s\(index + 1).shopscript\n", to: "s\(index).shopscript")
        }
        let result = try await shop(["run", "s0.shopscript"])
        #expect(result.status == 1)
        let lines = result.standardError.split(separator: "\n")
        #expect(
            lines.first
                == "error: s63.shopscript:1:1: run: scripts nested deeper than 64 levels (does 's64.shopscript' run itself?)"
        )
        #expect(lines.count == 1)
    }

    @Test func stdoutClosedEarlyEndsQuietly() async throws {
        try folder.write((0..<20_000).map { "echo line \($0)\n" }.joined(), to: "many.shopscript")
        let result = try await ShopBinary.run(
            ["-c", "\"$0\" run many.shopscript | head -1", ShopBinary.path],
            environment: ShopBinary.environment(stateDirectory: folder.path),
            workingDirectory: folder.path, launchPath: "/bin/sh")
        #expect(result == ShopBinary.Result(status: 0, standardOutput: "line 0\n", standardError: ""))
    }

    /// `shop ARGUMENTS` interrupted with Ctrl-C once it printed "start": status 130,
    /// `interrupted`, and nothing after.
    private func expectCtrlCStops(_ arguments: [String]) async throws {
        // The run's timeout bounds a hang only; the script would sleep for an hour.
        let result = try await ShopBinary.run(
            arguments, environment: ShopBinary.environment(stateDirectory: folder.path),
            workingDirectory: folder.path, timeout: 120
        ) { running in
            try await running.waitForOutput("start\n")
            kill(running.processIdentifier, SIGINT)
        }
        #expect(result.status == 130)
        #expect(result.standardOutput == "start\n")
        #expect(result.standardError == "interrupted\n")
    }

    @Test func ctrlCStopsAScriptWithStatus130() async throws {
        try await expectCtrlCStops(["-c", "echo start; sleep 3600; echo never"])
    }

    @Test func ctrlCStopsALongScriptParsedAheadWithStatus130() async throws {
        let lines = ["echo start", "sleep 3600"] + (0..<30_000).map { "echo never \($0)" }
        try folder.write(lines.joined(separator: "\n") + "\n", to: "long.shopscript")
        try await expectCtrlCStops(["run", "long.shopscript"])
    }

    @Test func theClockCanBeFixed() async throws {
        let result = try await shop(["--now", "2026-03-01T08:00:00Z", "-c", "echo ok"], ["SHOP_NOW": "bogus"])
        #expect(result.status == 0)
        #expect(try await shop(["-c", "echo ok"], ["SHOP_NOW": "bogus"]).status == 2)
    }

    @Test func colourFollowsTheOptionAndNoColor() async throws {
        let script = "help undo"
        let forced = try await shop(["--color", "always", "-c", script])
        #expect(forced.standardOutput.contains("\u{1B}[1m"))
        #expect(!(try await shop(["-c", script]).standardOutput.contains("\u{1B}[")))
        #expect(!(try await shop(["--color", "never", "-c", script]).standardOutput.contains("\u{1B}[")))
        #expect(
            try await shop(["--color", "always", "-c", script], ["NO_COLOR": "1"]).standardOutput.contains("\u{1B}[1m"))
    }

    @Test func tablesFitTheColumnsTheEnvironmentGives() async throws {
        let wide = "set x '\(String(repeating: "long text ", count: 20))'; vars"
        let narrow = try await shop(["-c", wide], ["COLUMNS": "40"])
        #expect(narrow.standardOutput.split(separator: "\n").allSatisfy { $0.count <= 40 })
        #expect(narrow.standardOutput.contains("…"))
        let roomy = try await shop(["-c", wide], ["COLUMNS": "300"])
        #expect(!roomy.standardOutput.contains("…"))
    }

    @Test func versionAndHelp() async throws {
        #expect(try await shop(["--version"]).standardOutput == "shop 0.1.0\n")
        #expect(try await shop(["--help"]).standardOutput.hasPrefix("usage: shop [OPTIONS]"))
    }
}
