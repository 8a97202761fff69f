import Foundation
import Glibc
import ShopKit
import ShopTestSupport
import Testing

/// Outside plugins through the built `shop` and a real plugin process (the fake): each bad
/// input or fault is one line naming the plugin, the state is unchanged, shop goes on, and
/// the next call works.
@Suite struct OutsidePluginTests {
    let folder: FileSystemFolder

    init() throws {
        folder = try FileSystemFolder(prefix: "shop-outside")
    }

    private func environment(_ fault: FakePlugin.Fault? = nil, faultyStarts: Int = 2) -> [String: String] {
        var extra = ["XDG_DATA_HOME": folder.path + "/data", "SHOP_FAKE_STARTS": folder.path + "/starts"]
        if let fault {
            extra["SHOP_FAKE_PLUGIN"] = fault.rawValue
            extra["SHOP_FAKE_FAULT_ONCE"] = String(faultyStarts)
        }
        return ShopBinary.environment(stateDirectory: folder.path, extra)
    }

    /// Runs `lines` as a script with `--keep-going`.
    private func script(_ lines: [String], _ arguments: [String] = [], _ fault: FakePlugin.Fault? = nil) async throws
        -> ShopBinary.Result
    {
        try folder.write(lines.joined(separator: "\n") + "\n", to: "steps.shopscript")
        return try await shop(arguments + ["run", "--keep-going", "steps.shopscript"], fault)
    }

    private func shop(_ arguments: [String], _ fault: FakePlugin.Fault? = nil) async throws -> ShopBinary.Result {
        try await ShopBinary.run(
            ["--no-history"] + arguments, environment: environment(fault), workingDirectory: folder.path, timeout: 60)
    }

    @Test func aWellBehavedOutsidePluginIsAFirstClassCommand() async throws {
        let result = try await shop([
            "--plugin", FakePlugin.path, "-c",
            "fake echo hello\nfake bump\nfake bump\nstate get fake.count\nundo\nstate get fake.count\nfake echo 42 | to json",
        ])
        #expect(result.standardError == "")
        #expect(result.standardOutput == "hello\n1\n2\n2\nundid: fake bump\n1\n\"42\"\n")
        #expect(result.status == 0)
    }

    @Test(arguments: [
        (
            FakePlugin.Fault.crashMidCall,
            "error: plugin fake exited with status 3 during 'fake bump'; its last words: 'fake: boom' (see 'plugin log fake')"
        ),
        (.loadingOnStdout, "error: plugin fake wrote non-protocol text on stdout: 'Loading…' (write logs to stderr)"),
        (.wrongResponseID, "error: plugin fake answered request 102, which it was never sent"),
        (
            .notANumber,
            "error: plugin fake sent a malformed message: unexpected 'N' at result.value (line 1, column 43)"
        ),
        (.changesForeignKey, "error: plugin fake tried to change 'services.selected', which it does not own"),
        (
            .breaksKeyType,
            "error: plugin fake proposed a value of type string for 'fake.count', which holds a whole number"
        ),
        (
            .hugeLine,
            "error: plugin fake wrote non-protocol text on stdout: "
                + "'{\"jsonrpc\":\"2.0\",\"id\":2,\"result\":{\"value\":\"xxxxxxxxxxxxxxxxx…' (write logs to stderr)"
        ),
    ])
    func aFaultIsOneLineTheStateIsUnchangedAndTheNextCallWorks(fault: FakePlugin.Fault, message: String) async throws {
        let result = try await script(
            [
                "services select windows", "fake bump", "state get fake.count", "state get services.selected",
                "fake bump",
            ],
            ["--plugin", FakePlugin.path], fault)
        #expect(
            result.standardError == message.replacingOccurrences(of: "error: ", with: "error: steps.shopscript:2:1: ")
                + "\n")
        #expect(result.standardOutput == "✓ selected Window cleaning (1 500 ₽)\n0\nwindows\n1\n")
    }

    @Test(arguments: [
        (FakePlugin.Fault.protocolTwoOnly, "plugin shop-fake-plugin speaks protocol 2; this shop 0.1.0 speaks 1"),
        (
            .exitDuringHandshake,
            "plugin shop-fake-plugin exited with status 1 during 'initialize'; its last words: "
                + "'fake: leaving during the handshake' (see 'plugin log shop-fake-plugin')"
        ),
        (.manifestOutsideNamespace, "manifest.commands[0].path: 'services echo' must be 'fake VERB'"),
        (
            .manifestDuplicateCommand,
            "manifest.commands[4].path: 'fake echo' is declared twice (also manifest.commands[0])"
        ),
        (.manifestOptionalFirst, "manifest.commands[0].arguments[1]: a required argument after an optional one"),
        (.manifestKeyWithoutPrefix, "manifest.stateKeys[0].key: 'count' must start with 'fake.'"),
    ])
    func aPluginThatCannotBeLoadedIsRefusedWithOneLine(fault: FakePlugin.Fault, reason: String) async throws {
        let loaded = try await shop(["--plugin", FakePlugin.path, "-c", "echo never"], fault)
        #expect(loaded.standardError == "shop: --plugin \(FakePlugin.path): \(reason)\n")
        #expect(loaded.status == 2)
        let added = try await script(["plugin add \(FakePlugin.path)", "echo still here"], [], fault)
        #expect(added.standardError == "error: steps.shopscript:1:1: plugin add \(FakePlugin.path): \(reason)\n")
        #expect(added.standardOutput == "still here\n")
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/data/shop/plugins.json"))
    }

    @Test func pluginAddOfAMissingFileAFolderOrANonExecutableIsOneLine() async throws {
        try folder.write("just text", to: "notes.txt")
        try folder.write("x", to: "dir/file")
        let result = try await script([
            "plugin add ./missing", "plugin add ./dir", "plugin add ./notes.txt", "plugin add nosuch",
        ])
        #expect(
            result.standardError == """
                error: steps.shopscript:1:1: plugin add ./missing: no such file './missing'
                error: steps.shopscript:2:1: plugin add ./dir: './dir' is a folder, not a plugin executable
                error: steps.shopscript:3:1: plugin add ./notes.txt: './notes.txt' is not executable (chmod +x './notes.txt')
                error: steps.shopscript:4:1: plugin add nosuch: no plugin 'nosuch': no executable 'shop-plugin-nosuch' on PATH

                """)
    }

    @Test func anAddedPluginIsThereInLaterSessionsWithoutStartingIt() async throws {
        let added = try await shop(["-c", "plugin add \(FakePlugin.path)"])
        #expect(added.standardError == "")
        #expect(
            added.standardOutput
                == "added fake 1.2.3: 4 commands, 1 state key, reads services.selected — in new sessions\n")
        let starts = { ((try? String(contentsOfFile: folder.path + "/starts", encoding: .utf8)) ?? "").count }
        let before = starts()
        let listed = try await shop(["-c", "help fake\nplugin list | get name"])
        #expect(listed.standardOutput.contains("fake echo TEXT"))
        #expect(listed.standardOutput.hasSuffix("services\nfeed\nnews\nfake\n"))
        #expect(starts() == before, "help and list start nothing")
        let used = try await shop(["-c", "fake echo again"])
        #expect(used.standardOutput == "again\n")
        let removed = try await script(["plugin remove fake", "plugin remove fake"])
        #expect(removed.standardOutput == "removed fake — from new sessions\n")
        #expect(
            removed.standardError
                == "error: steps.shopscript:2:1: plugin remove: no registered plugin 'fake' (none is registered)\n")
    }

    @Test(arguments: [
        ("{\"registryVersion\": 1, \"plugins\": [", "is damaged ("),
        (
            "{\"registryVersion\": 9, \"plugins\": []}",
            "is from a newer shop (version 9); outside plugins are not loaded"
        ),
    ])
    func aCorruptOrNewerRegistryIsAWarningAndBuiltInsStillWork(text: String, warning: String) async throws {
        try folder.write(text, to: "data/shop/plugins.json")
        let result = try await shop(["-c", "services select windows"])
        #expect(result.status == 0)
        #expect(result.standardOutput == "✓ selected Window cleaning (1 500 ₽)\n")
        #expect(result.standardError.hasPrefix("warning: the plugin registry '\(folder.path)/data/shop/plugins.json' "))
        #expect(result.standardError.contains(warning))
        #expect(result.standardError.split(separator: "\n").count == 1)
    }

    @Test func pluginCheckReportsEveryCheck() async throws {
        let result = try await shop(["-c", "plugin check \(FakePlugin.path)"])
        #expect(result.standardError == "")
        #expect(
            result.standardOutput.hasPrefix(
                "✓ handshake: fake 1.2.3, protocol 1\n✓ manifest: 4 commands, 1 state key\n"))
        #expect(result.standardOutput.contains("✓ example 'fake echo hi'\n"))
        #expect(result.standardOutput.hasSuffix("8 passed, 0 failed\n"))
    }

    @Test func aHungCallReturnsToThePromptOnCtrlCAndTheNextCallWorks() async throws {
        let shop = try await InteractiveSession(
            stateDirectory: folder.path, arguments: ["--no-history", "--plugin", FakePlugin.path],
            environment: environment(.hang))
        try shop.terminal.send("fake echo stuck\r")
        try await Task.sleep(for: .milliseconds(500))
        let pressed = ContinuousClock.now
        try shop.terminal.send(key: .controlC)
        try await shop.terminal.waitFor("interrupted")
        try await shop.waitForPrompt()
        #expect(ContinuousClock.now - pressed < .seconds(5), "back at the prompt at once, not after the grace")
        #expect(try await shop.type("fake echo next", timeout: .seconds(30)).contains("next"))
        #expect(try await shop.quit() == .exited(0))
    }
}

/// The Swift kit serves the feed plugin out of process, and the feed tour passes unchanged.
@Suite struct SwiftKitTests {
    @Test func theFeedPluginServedByTheKitPassesTheFeedTourUnchanged() async throws {
        let folder = try FileSystemFolder(prefix: "shop-kit")
        let root = FilePath.directory(of: FilePath.directory(of: FilePath.directory(of: #filePath)))
        let result = try await ShopBinary.run(
            ["--plugin", ShopBinary.productPath("shop-plugin-feed"), "test", root + "/Scripts/feed.shopscript"],
            environment: ShopBinary.environment(stateDirectory: folder.path, ["XDG_DATA_HOME": folder.path]),
            workingDirectory: root, timeout: 60)
        #expect(result.standardOutput.hasSuffix("1 passed, 0 failed\n"), "\(result.standardOutput)")
        let plugins = try await ShopBinary.run(
            [
                "--no-history", "--plugin", ShopBinary.productPath("shop-plugin-feed"), "-c",
                "plugins | where name == feed | get protocol",
            ],
            environment: ShopBinary.environment(stateDirectory: folder.path, ["XDG_DATA_HOME": folder.path]),
            workingDirectory: root)
        #expect(plugins.standardOutput == "1\n", "the built-in feed was replaced for the run")
    }
}
