import Foundation
import ShopTestSupport
import Testing

/// `shop run FILE ARG…` against a script's `param` lines, `run FILE ARG…` in a session, and
/// the user's commands folder — through the built binary.
@Suite struct ScriptArgumentTests {
    let folder: FileSystemFolder

    init() throws {
        folder = try FileSystemFolder(prefix: "shop-args")
        try folder.write(Self.greeter, to: "greet.shopscript")
    }

    private static let greeter = """
        #!/usr/bin/env -S shop run
        ## Greets someone and offers a discount.
        param who string "who to greet"
        param percent int = 10 "the discount"
        param verbose bool
        echo "hello $who, $percent% off"
        if $verbose; echo $args; end

        """

    private static let usage = "greet.shopscript [WHO] [PERCENT] [--who STRING] [--percent INT] [--verbose]"

    private func shop(_ arguments: [String], _ extra: [String: String] = [:]) async throws -> ShopBinary.Result {
        try await ShopBinary.run(
            arguments, environment: ShopBinary.environment(stateDirectory: folder.path, extra),
            workingDirectory: folder.path)
    }

    @Test func argumentsBindByPositionNameAndFlag() async throws {
        #expect(try await shop(["run", "greet.shopscript", "Ann"]).standardOutput == "hello Ann, 10% off\n")
        let named = try await shop(["run", "greet.shopscript", "--percent", "20", "Bob", "--verbose"])
        #expect(named.standardOutput == "hello Bob, 20% off\n" + #"["--percent","20","Bob","--verbose"]"# + "\n")
        #expect(named.status == 0)
    }

    @Test(arguments: [
        (["greet.shopscript"], "greet.shopscript: missing argument who (usage: \(usage))"),
        (["greet.shopscript", "--nosuch", "1"], "greet.shopscript: unknown option '--nosuch' (usage: \(usage))"),
        (
            ["greet.shopscript", "Ann", "--percent", "x"],
            "greet.shopscript: --percent must be a whole number, got 'x' (usage: \(usage))"
        ),
        (["greet.shopscript", "Ann", "5", "6"], "greet.shopscript: unexpected argument '6' (usage: \(usage))"),
    ])
    func badArgumentsAreUsageErrorsBeforeAnythingRuns(arguments: [String], message: String) async throws {
        let result = try await shop(["run"] + arguments)
        #expect(result == ShopBinary.Result(status: 2, standardOutput: "", standardError: "error: \(message)\n"))
    }

    @Test func helpShowsTheUsageFromTheParamLines() async throws {
        let result = try await shop(["run", "greet.shopscript", "--help"])
        #expect(result.status == 0)
        #expect(result.standardOutput.hasPrefix(Self.usage + "\n  Greets someone and offers a discount.\n"))
        #expect(result.standardOutput.contains("--percent INT  the discount (default 10)"))
    }

    @Test func anExecutableScriptTakesArgumentsLikeAProgram() async throws {
        let path = folder.path + "/greet.shopscript"
        chmod(path, 0o755)
        let directory = URL(fileURLWithPath: ShopBinary.path).deletingLastPathComponent().path
        let result = try await ShopBinary.run(
            ["Zed", "--percent", "3"],
            environment: ShopBinary.environment(
                stateDirectory: folder.path, ["PATH": directory + ":/usr/bin:/bin"]),
            workingDirectory: folder.path, launchPath: path)
        #expect(result == ShopBinary.Result(status: 0, standardOutput: "hello Zed, 3% off\n", standardError: ""))
    }

    @Test func runInsideASessionBindsTheSameWayWithLocalParameters() async throws {
        let result = try await shop([
            "-c", "run greet.shopscript Ann --percent $(math 2 * 5); run greet.shopscript --who Cy; echo $who",
        ])
        #expect(result.standardOutput == "hello Ann, 10% off\nhello Cy, 10% off\n")
        #expect(result.standardError == "error: unknown variable 'who'\n")
        let missing = try await shop(["-c", "run greet.shopscript"])
        #expect(missing.standardError == "error: greet.shopscript: missing argument who (usage: \(Self.usage))\n")
        #expect(missing.status == 1)
    }

    @Test func testAndDemoRefuseRequiredParametersAndUseDefaults() async throws {
        let test = try await shop(["test", "greet.shopscript"])
        #expect(test.status == 2)
        #expect(
            test.standardError
                == "shop test: greet.shopscript needs arguments (param who); a transcript runs without any\n")
        let demo = try await shop(["demo", "--rehearse", "greet.shopscript"])
        #expect(demo.status == 2)
        try folder.write("param who = you\necho \"hi $who\"\n#> hi you\n", to: "defaults.shopscript")
        #expect(try await shop(["test", "defaults.shopscript"]).status == 0)
    }

    @Test func transcriptExpectationsGoAfterABlocksEndAndUpdateWritesThemThere() async throws {
        let text = "def twice\n  param n int\n  math $n * 2\nend\nfor i in [1, 2]\n  twice $i\nend\n#> 2\n#> 5\n"
        try folder.write(text, to: "blocks.shopscript")
        let failed = try await shop(["test", "blocks.shopscript"])
        #expect(failed.status == 1)
        #expect(failed.standardOutput.contains("blocks.shopscript:5"))
        #expect(try await shop(["test", "--update", "blocks.shopscript"]).status == 0)
        let updated = try String(contentsOfFile: folder.path + "/blocks.shopscript", encoding: .utf8)
        #expect(updated == text.replacingOccurrences(of: "#> 5", with: "#> 4"))
        #expect(try await shop(["test", "blocks.shopscript"]).status == 0)
    }

    @Test func commandsFolderFilesAreCommandsLoadedOnFirstCall() async throws {
        try folder.write("## Says hi\nparam who = you\necho \"hi $who\"\n", to: "config/shop/commands/hi.shopscript")
        try folder.write("echo x\n", to: "config/shop/commands/echo.shopscript")
        let config = ["XDG_CONFIG_HOME": folder.path + "/config"]
        let result = try await shop(["-c", "hi; hi Ann; help hi | get abstract"], config)
        #expect(result.standardOutput == "hi you\nhi Ann\nSays hi\n")
        #expect(
            result.standardError
                == "warning: \(folder.path)/config/shop/commands/echo.shopscript: 'echo' cannot name a command of yours (it is taken or not a name)\n"
        )
    }
}
