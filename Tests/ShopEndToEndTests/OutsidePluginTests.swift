import Foundation
import Glibc
import ShopPluginAPI
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

    private func shop(
        _ arguments: [String], _ fault: FakePlugin.Fault? = nil, extra: [String: String] = [:]
    ) async throws -> ShopBinary.Result {
        try await ShopBinary.run(
            ["--no-history"] + arguments, environment: environment(fault).merging(extra) { $1 },
            workingDirectory: folder.path, timeout: 60)
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
        (
            .crashLeavingChild,
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

    @Test func aTranscriptReadsNoPluginRegistry() async throws {
        #expect(try await shop(["-c", "plugin add \(FakePlugin.path)"]).status == 0)
        #expect(try await shop(["-c", "fake echo registered"]).standardOutput == "registered\n")
        try folder.write(
            "plugins | count\n#> 3\nfake echo hi\n#> error: unknown command 'fake'[..]\n", to: "own.shopscript")
        let result = try await shop(["test", "own.shopscript"])
        #expect(result.standardOutput == "ok    own.shopscript\n1 passed, 0 failed\n")
        #expect(result.status == 0)
    }

    @Test func aPluginThatExitsLeavingAChildIsSeenAtOnceAndItsProcessGroupEnded() async throws {
        let childFile = folder.path + "/child"
        let result = try await shop(
            ["--plugin", FakePlugin.path, "-c", "fake bump"], .crashLeavingChild, extra: ["SHOP_FAKE_CHILD": childFile])
        #expect(result.standardError.hasPrefix("error: plugin fake exited with status 3 during 'fake bump'"))
        let child = try #require(Int32(try String(contentsOfFile: childFile, encoding: .utf8)))
        // Gone, or a zombie waiting for init to reap it: not a `sleep` still holding the pipes.
        var state = "gone"
        for _ in 0..<200 {
            let stat = (try? String(contentsOfFile: "/proc/\(child)/stat", encoding: .utf8)) ?? ""
            state = stat.split(separator: ")").last?.split(separator: " ").first.map(String.init) ?? "gone"
            if state == "gone" || state == "Z" { break }
            try await Task.sleep(for: .milliseconds(50))
        }
        #expect(state == "gone" || state == "Z", "the plugin's child is \(state)")
    }

    @Test(arguments: [
        (FakePlugin.Fault.protocolTwoOnly, "plugin fake 1.2.3 speaks protocol 2; this shop 0.1.0 speaks 1"),
        (.answersProtocolTwo, "plugin fake 1.2.3 speaks protocol 2; this shop 0.1.0 speaks 1"),
        (
            .exitDuringHandshake,
            "plugin shop-fake-plugin exited with status 1 during 'initialize'; its last words: "
                + "'fake: leaving during the handshake' (see 'plugin log shop-fake-plugin')"
        ),
        (.manifestOutsideNamespace, "manifest.commands[0].path: 'services echo' must be 'fake VERB' or 'fake'"),
        (
            .manifestDuplicateCommand,
            "manifest.commands[6].path: 'fake echo' is declared twice (also manifest.commands[0])"
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
                == "added fake 1.2.3: 6 commands, 1 state key, reads services.selected — in new sessions\n")
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

    @Test func theCachedManifestServesUntilTheExecutableChanges() async throws {
        let copy = try await copyFake()
        let starts = { ((try? String(contentsOfFile: folder.path + "/starts", encoding: .utf8)) ?? "").count }
        let added = try await shop(["-c", "plugin add \(copy)"])
        #expect(added.standardError == "")
        let afterAdd = starts()
        let cached = try await shop(["-c", "help fake echo"], extra: ["SHOP_FAKE_READS": "services.items"])
        #expect(cached.standardOutput.contains("fake echo TEXT"))
        #expect(starts() == afterAdd, "an unchanged executable is not started: its cached manifest is used")
        #expect(try registeredReads() == ["services.selected"])

        // A new modification time is a changed executable: it is asked for its manifest again,
        // by the first session that needs the outside plugins, not by one that never does.
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSince1970: 2_000_000_000)], ofItemAtPath: copy)
        let unused = try await shop(["-c", "services select windows; set n 2; echo $n"])
        #expect(unused.standardError == "")
        #expect(starts() == afterAdd, "a session that needs no outside plugin does not read the registry")
        #expect(try registeredReads() == ["services.selected"])
        let changed = try await shop(["-c", "help fake echo"], extra: ["SHOP_FAKE_READS": "services.items"])
        #expect(changed.standardError == "")
        let afterChange = starts()
        #expect(afterChange > afterAdd)
        #expect(try registeredReads() == ["services.items"], "the new manifest is saved in the registry")
        _ = try await shop(["-c", "help fake echo"])
        #expect(starts() == afterChange, "and used from then on")
    }

    /// Copies the fake plugin into the folder with `cp`, not by this process: a descriptor open
    /// for writing that a concurrent spawn inherits makes the copy 'text file busy' to exec. The
    /// wait polls, so that no thread of the cooperative pool blocks on the child (on two cores,
    /// a blocked pool thread can starve the tasks another test waits for).
    private func copyFake() async throws -> String {
        let copy = folder.path + "/shop-plugin-fake"
        let cp = try SpawnedProcess(
            executable: "/bin/cp", arguments: [FakePlugin.path, copy], environment: [:],
            streams: .files(input: "/dev/null", output: "/dev/null", error: "/dev/null"))
        while cp.status == nil { try await Task.sleep(for: .milliseconds(5)) }
        #expect(cp.status == .exited(0))
        return copy
    }

    /// `plugin add` of a copy of the fake, then its cached manifest changed by `edit`.
    private func registerFake(editing edit: (inout [String: Any]) -> Void) async throws -> String {
        let copy = try await copyFake()
        let added = try await shop(["-c", "plugin add \(copy)"])
        #expect(added.standardError == "")
        let path = folder.path + "/data/shop/plugins.json"
        var registry =
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any]
            ?? [:]
        var entries = registry["plugins"] as? [[String: Any]] ?? []
        var manifest = entries.first?["manifest"] as? [String: Any] ?? [:]
        edit(&manifest)
        entries[0]["manifest"] = manifest
        registry["plugins"] = entries
        try JSONSerialization.data(withJSONObject: registry).write(to: URL(fileURLWithPath: path))
        return copy
    }

    @Test func aCachedManifestDamagedPastItsOutlineIsOneLineAtFirstUseAndBuiltInsWork() async throws {
        let copy = try await registerFake { manifest in
            var commands = manifest["commands"] as? [[String: Any]] ?? []
            var arguments = commands[0]["arguments"] as? [[String: Any]] ?? []
            arguments[0]["kind"] = "nonsense"
            commands[0]["arguments"] = arguments
            manifest["commands"] = commands
        }
        let started = try await shop(["-c", "services select windows\nplugins | count"])
        #expect(started.standardError == "", "read on first use: a session that does not use it hears nothing")
        #expect(started.standardOutput == "✓ selected Window cleaning (1 500 ₽)\n4\n")
        let used = try await script(["fake echo hi", "services select windows"])
        let lines = used.standardError.split(separator: "\n")
        #expect(lines.count == 1, "\(used.standardError)")
        #expect(
            lines.first?.hasPrefix(
                "error: steps.shopscript:1:1: plugin fake: its cached manifest is damaged (manifest.commands[0].arguments[0]"
            )
                == true, "\(used.standardError)")
        #expect(lines.first?.hasSuffix("; add it again: plugin add \(copy)") == true)
        #expect(used.standardOutput == "✓ selected Window cleaning (1 500 ₽)\n")
        let help = try await shop(["-c", "help fake echo"])
        #expect(help.standardOutput.contains("its cached manifest is damaged"))
    }

    @Test func aCachedManifestWithADamagedOutlineIsOneLineAtFirstUseAndBuiltInsWork() async throws {
        let copy = try await registerFake { manifest in
            var commands = manifest["commands"] as? [[String: Any]] ?? []
            commands[0]["path"] = ["other", "echo"]
            manifest["commands"] = commands
        }
        let unused = try await shop(["-c", "services select windows"])
        #expect(unused.standardOutput == "✓ selected Window cleaning (1 500 ₽)\n")
        #expect(
            unused.standardError == "", "the outline is read on first use: a session that does not use it hears nothing"
        )
        let used = try await shop(["-c", "fake echo hi\nservices select windows"])
        #expect(
            used.standardError
                == "error: plugin fake: its cached manifest is damaged (manifest.commands[0].path: 'other echo' "
                + "must be 'fake VERB' or 'fake'); add it again: plugin add \(copy)\n")
        #expect(used.standardOutput == "")
    }

    @Test func aCachedManifestWithADamagedHeadIsAWarningWhenThePluginsAreFirstNeeded() async throws {
        _ = try await registerFake { manifest in
            manifest["reads"] = ["nodot"]
        }
        let unused = try await shop(["-c", "services select windows"])
        #expect(unused.standardError == "", "a session that needs no outside plugin does not read the registry")
        let result = try await shop(["-c", "services select windows\nplugins | count"])
        #expect(result.standardOutput == "✓ selected Window cleaning (1 500 ₽)\n3\n")
        #expect(
            result.standardError
                == "warning: plugin fake: manifest.reads[0]: 'nodot' is not a state key (PLUGIN.KEY); not loaded\n")
    }

    /// The `reads` of the registry's cached manifest of `fake`.
    private func registeredReads() throws -> [String] {
        let data = try Data(contentsOf: URL(fileURLWithPath: folder.path + "/data/shop/plugins.json"))
        let registry = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        let entry = (registry?["plugins"] as? [[String: Any]])?.first
        return (entry?["manifest"] as? [String: Any])?["reads"] as? [String] ?? []
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
        let unused = try await shop(["-c", "services select windows"])
        #expect(unused.standardError == "", "a session that needs no outside plugin does not read the registry")
        // A name that is none of the built-ins' might be an outside plugin's: the registry is read.
        let result = try await shop(["-c", "services select windows\nnosuch"])
        #expect(result.status == 1)
        #expect(result.standardOutput == "✓ selected Window cleaning (1 500 ₽)\n")
        let lines = result.standardError.split(separator: "\n")
        #expect(lines.count == 2, "\(result.standardError)")
        #expect(lines.first?.hasPrefix("warning: the plugin registry '\(folder.path)/data/shop/plugins.json' ") == true)
        #expect(lines.first?.contains(warning) == true)
        #expect(lines.last == "error: unknown command 'nosuch'")
    }

    /// The Python reference plugin, a real process.
    static let promo =
        FilePath.directory(of: FilePath.directory(of: FilePath.directory(of: #filePath)))
        + "/Plugins/Promo/shop-plugin-promo"

    @Test func aPluginErrorPointsAtTheWordItNamesAndItsHelpIsALineOfItsOwn() async throws {
        let result = try await script(
            ["services select windows", "promo apply SPRNG", "promo add TUTOR 10 --only nosuch", "promo clear"],
            ["--plugin", Self.promo])
        #expect(
            result.standardError == """
                error: steps.shopscript:2:13: unknown promo code 'SPRNG'
                help: did you mean 'SPRING'?
                error: steps.shopscript:3:27: no service 'nosuch'

                """)
        #expect(result.standardOutput == "✓ selected Window cleaning (1 500 ₽)\nno code applied\n")
    }

    @Test func atThePromptAPluginErrorHasNoPlaceAndItsHelpFollows() async throws {
        let result = try await shop(["--plugin", Self.promo, "-c", "promo apply SPRNG"])
        #expect(result.standardError == "error: unknown promo code 'SPRNG'\nhelp: did you mean 'SPRING'?\n")
    }

    @Test func pluginCheckReportsEveryCheck() async throws {
        let result = try await shop(["-c", "plugin check \(FakePlugin.path)"])
        #expect(result.standardError == "")
        #expect(
            result.standardOutput.hasPrefix(
                "✓ handshake: fake 1.2.3, protocol 1\n✓ manifest: 6 commands, 1 state key\n"))
        #expect(result.standardOutput.contains("✓ example 'fake echo hi'\n"))
        #expect(result.standardOutput.hasSuffix("8 passed, 0 failed\n"))
    }

    @Test func pluginCheckRunsNoCommandWithoutItsRequiredArgument() async throws {
        // The fake exits on a `run` without TEXT, and declares only `fake echo TEXT`.
        let result = try await shop(
            ["-c", "plugin check \(FakePlugin.path)"], .strictArguments, extra: ["SHOP_FAKE_FAULT_ONCE": "100"])
        #expect(result.standardError == "")
        #expect(result.standardOutput.contains("✓ cancel is honoured\n"), "\(result.standardOutput)")
        #expect(result.standardOutput.hasSuffix("8 passed, 0 failed\n"), "\(result.standardOutput)")
    }

    @Test func pluginCheckSaysAPluginThatCrashedCrashed() async throws {
        let result = try await shop(
            ["-c", "plugin check \(FakePlugin.path)"], .crashMidCall, extra: ["SHOP_FAKE_FAULT_ONCE": "100"])
        #expect(
            result.standardOutput.contains(
                "✗ cancel: the plugin exited with status 3 during the cancelled 'fake bump'; its last words: 'fake: boom'\n"
            ), "\(result.standardOutput)")
        #expect(!result.standardOutput.contains("no answer within 1 s"))
    }

    @Test func aCommandWithoutAValuePrintsOnlyItsDisplayAsBuiltInsDo() async throws {
        let lines = "fake quiet\nfake quiet --note hello\nfake echo after"
        let table = try await shop(["--plugin", FakePlugin.path, "-c", lines])
        #expect(table.standardError == "")
        #expect(table.standardOutput == "hello\nafter\n")
        let json = try await shop(["--plugin", FakePlugin.path, "--format", "json", "-c", lines])
        #expect(json.standardError == "")
        #expect(json.standardOutput == "\"after\"\n")
    }

    @Test func progressIsAStatusLineAtThePromptErasedBeforeTheResult() async throws {
        var extra = environment()
        extra["SHOP_FAKE_WORK_MS"] = "500"
        let shop = try await InteractiveSession(
            stateDirectory: folder.path, arguments: ["--no-history", "--plugin", FakePlugin.path], environment: extra)
        try shop.terminal.send("fake work\r")
        let printed = try await shop.terminal.waitFor("500", timeout: .seconds(30), stripANSI: false)
        try await shop.waitForPrompt()
        let erase = "\r\u{1B}[2K"
        #expect(printed.contains(erase + "fake: working 20%"))
        #expect(printed.contains(erase + "fake: working 100%" + erase + "500"), "erased before the result: \(printed)")
        #expect(try await shop.quit() == .exited(0))
    }

    @Test func aScriptShowsNoProgressLine() async throws {
        let result = try await shop(
            ["--plugin", FakePlugin.path, "-c", "fake work"], nil, extra: ["SHOP_FAKE_WORK_MS": "300"])
        #expect(result.standardOutput == "300\n")
        #expect(result.standardError == "")
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
        #expect(
            ContinuousClock.now - pressed < .seconds(10),
            "back at the prompt, not hung (a generous bound: the machine is shared)")
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
