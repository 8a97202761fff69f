import Foundation
import Glibc
import ShopTestSupport
import Testing

/// A script's `#%plugin` programs run only once trusted: at a terminal's question, after
/// `shop trust`, or with `--trust`; otherwise one line says how, and nothing starts.
@Suite struct TrustTests {
    let folder: FileSystemFolder

    /// A plugin `./p` (the fake, through a script that leaves a mark when started) and a
    /// script that loads it.
    init() throws {
        folder = try FileSystemFolder(prefix: "shop-trust")
        let plugin = try folder.write("#!/bin/sh\ntouch \"$0.started\"\nexec '\(FakePlugin.path)'\n", to: "p")
        chmod(plugin, 0o755)
        try folder.write("#%plugin ./p\nparam who = world\nfake echo hi\n#> hi\n", to: "script.shopscript")
    }

    private var started: Bool { FileManager.default.fileExists(atPath: folder.path + "/p.started") }
    private var listPath: String { folder.path + "/data/shop/trusted.json" }

    private func shop(_ arguments: [String]) async throws -> ShopBinary.Result {
        try await ShopBinary.run(
            ["--no-history"] + arguments,
            environment: ShopBinary.environment(stateDirectory: folder.path, ["XDG_DATA_HOME": folder.path + "/data"]),
            workingDirectory: folder.path, timeout: 60)
    }

    private let refusal =
        "script.shopscript:1: #%plugin ./p is not trusted to run; trust it with 'shop trust script.shopscript' (or --trust for one run)"

    @Test(arguments: [
        ["run", "script.shopscript"], ["demo", "--rehearse", "script.shopscript"],
        ["demo", "script.shopscript", "--handout", "h.md"],
    ])
    func anUntrustedProgramStartsNotAndOneLineSaysHowToTrustIt(arguments: [String]) async throws {
        let result = try await shop(arguments)
        #expect(result.standardError == "shop: \(refusal)\n")
        #expect(result.status == 2)
        #expect(!started)
    }

    @Test func anUntrustedTranscriptFailsWithTheLine() async throws {
        let result = try await shop(["test", "script.shopscript"])
        #expect(result.standardOutput == "FAIL  script.shopscript\nerror: \(refusal)\n0 passed, 1 failed\n")
        #expect(result.status == 1)
        #expect(!started)
    }

    @Test func usageStartsNothing() async throws {
        let result = try await shop(["run", "script.shopscript", "--help"])
        #expect(result.status == 0)
        #expect(result.standardOutput.contains("who"))
        #expect(!started)
    }

    @Test func trustedProgramsRunUntilTheyChange() async throws {
        let trusted = try await shop(["trust", "script.shopscript"])
        #expect(trusted.status == 0)
        #expect(trusted.standardOutput.hasPrefix("trusted script.shopscript:1: ./p (sha256 "))
        var status = stat()
        #expect(stat(listPath, &status) == 0 && status.st_mode & 0o777 == 0o600)
        let run = try await shop(["run", "script.shopscript"])
        #expect(run.standardOutput == "hi\n" && run.status == 0, "\(run.standardError)")
        #expect(try await shop(["test", "script.shopscript"]).status == 0)
        #expect(try await shop(["demo", "script.shopscript", "--handout", "h.md"]).status == 0)
        let handle = try #require(FileHandle(forWritingAtPath: folder.path + "/p"))
        handle.seekToEndOfFile()
        handle.write(Data("# changed\n".utf8))
        try handle.close()
        let changed = try await shop(["run", "script.shopscript"])
        #expect(changed.standardError.contains("#%plugin ./p has changed since it was trusted"))
        #expect(changed.status == 2)
    }

    @Test func trustForOneRunKeepsNothing() async throws {
        let run = try await shop(["run", "--trust", "script.shopscript"])
        #expect(run.standardOutput == "hi\n" && run.status == 0)
        #expect(!FileManager.default.fileExists(atPath: listPath))
        #expect(try await shop(["test", "--trust", "script.shopscript"]).status == 0)
    }

    @Test(arguments: [("y", true), ("n", false)])
    func atATerminalTheUserIsAsked(answer: String, trusts: Bool) async throws {
        var environment = PseudoTerminal.defaultEnvironment
        environment.merge(["HOME": folder.path, "XDG_STATE_HOME": folder.path, "XDG_DATA_HOME": folder.path + "/data"])
        {
            $1
        }
        let terminal = try PseudoTerminal(
            executable: ShopBinary.path, arguments: ["--no-history", "run", "script.shopscript"],
            environment: environment, workingDirectory: folder.path, columns: 100, rows: 40)
        try await terminal.waitFor("Trust them and run? [y/N]")
        #expect(!started)
        try terminal.send(answer + "\r")
        if trusts {
            try await terminal.waitFor("\nhi")
            #expect(try await terminal.waitForExit() == .exited(0))
        } else {
            try await terminal.waitFor("or --trust for one run")
            #expect(try await terminal.waitForExit() == .exited(2))
        }
        #expect(started == trusts)
        #expect(FileManager.default.fileExists(atPath: listPath) == trusts)
    }
}
