import Foundation
import Glibc
import ShopPluginAPI
import ShopTestSupport
import Testing

/// Plugins written outside this repository, as a new user would: in a plain folder of their
/// own, from the protocol document (or a copy of the Python module) alone.
@Suite struct OutsideWrittenPluginTests {
    let folder: FileSystemFolder

    init() throws {
        folder = try FileSystemFolder(prefix: "shop-outside-written")
    }

    private func shop(_ script: String, in directory: String, path: String = "/usr/bin:/bin") async throws
        -> ShopBinary.Result
    {
        let environment = ShopBinary.environment(
            stateDirectory: folder.path, ["XDG_DATA_HOME": folder.path + "/data", "PATH": path])
        return try await ShopBinary.run(
            ["--no-history", "-c", script], environment: environment, workingDirectory: directory, timeout: 60)
    }

    /// A plugin that speaks the protocol by hand: no module of shop's, only `json` and `sys`.
    static let slots = #"""
        #!/usr/bin/env python3
        import json, sys

        MANIFEST = {
            "name": "slots", "version": "0.1.0", "summary": "Delivery slots for the selection",
            "stateKeys": [{"key": "slots.booked", "abstract": "the booked slot", "type": "string?", "initial": None}],
            "reads": ["services.selected"],
            "commands": [
                {"path": ["slots", "list"], "abstract": "The free slots", "fields": ["slot", "free"]},
                {"path": ["slots", "book"], "abstract": "Book a slot",
                 "arguments": [{"name": "SLOT", "abstract": "a slot", "kind": "choice",
                                "choices": ["9-12", "12-15", "15-18"]}],
                 "examples": [{"command": "slots book 9-12", "abstract": "the morning"}]},
            ],
        }

        def send(message):
            sys.stdout.write(json.dumps(message) + "\n")
            sys.stdout.flush()

        for line in sys.stdin:
            request = json.loads(line)
            method, rid, params = request.get("method"), request.get("id"), request.get("params") or {}
            if rid is None:
                continue
            if method == "initialize":
                send({"jsonrpc": "2.0", "id": rid, "result": {"protocolVersion": 1,
                      "plugin": {"name": "slots", "version": "0.1.0"}, "features": []}})
            elif method == "manifest":
                send({"jsonrpc": "2.0", "id": rid, "result": {"manifest": MANIFEST}})
            elif method == "run" and params["command"] == ["slots", "list"]:
                value = [{"slot": s, "free": True} for s in ["9-12", "12-15", "15-18"]]
                send({"jsonrpc": "2.0", "id": rid, "result": {"value": value}})
            elif method == "run":
                slot = params["arguments"]["SLOT"]
                send({"jsonrpc": "2.0", "id": rid, "result": {"value": slot, "display": ["booked " + slot],
                      "stateChanges": [{"key": "slots.booked", "value": slot}]}})
            elif method == "shutdown":
                send({"jsonrpc": "2.0", "id": rid, "result": None})
                break
            else:
                send({"jsonrpc": "2.0", "id": rid, "error": {"code": -32601, "message": "unknown method"}})
        """#

    @Test func aPluginWrittenFromTheProtocolAloneIsCheckedAddedAndUsedFromAPlainFolder() async throws {
        let plugin = try folder.write(Self.slots, to: "mine/shop-plugin-slots")
        chmod(plugin, 0o755)
        let mine = folder.path + "/mine"
        let checked = try await shop("plugin check ./shop-plugin-slots", in: mine)
        #expect(checked.standardError == "")
        #expect(checked.standardOutput.hasSuffix("\n8 passed, 0 failed\n"), "\(checked.standardOutput)")

        let added = try await shop("plugin add ./shop-plugin-slots", in: mine)
        #expect(added.standardError == "")
        #expect(
            added.standardOutput
                == "added slots 0.1.0: 2 commands, 1 state key, reads services.selected — in new sessions\n")
        // Elsewhere, later: the registered absolute path, one undo step, help from the manifest.
        let used = try await shop(
            "slots book 12-15\nstate get slots.booked\nundo\nstate get slots.booked\nslots list | count\nhelp slots book",
            in: folder.path)
        #expect(used.standardError == "")
        #expect(
            used.standardOutput.hasPrefix(
                "booked 12-15\n12-15\nundid: slots book 12-15\nnull\n3\nslots book SLOT\n  Book a slot\n"))
        let listed = try await shop("plugin list | where name == slots | get state", in: folder.path)
        #expect(listed.standardOutput == "stopped\n")
        let wrong = try await shop("slots book 8-9", in: folder.path)
        #expect(wrong.standardError == "error: slots book: SLOT must be one of 9-12, 12-15, 15-18, got '8-9'\n")
    }

    @Test func aNameIsFoundOnARelativePathEntryAndRecordedAbsolute() async throws {
        let plugin = try folder.write(Self.slots, to: "mine/bin/shop-plugin-slots")
        chmod(plugin, 0o755)
        let added = try await shop("plugin add slots", in: folder.path + "/mine", path: "bin:/usr/bin:/bin")
        #expect(added.standardError == "")
        let used = try await shop("slots book 9-12", in: "/")
        #expect(used.standardOutput == "booked 9-12\n")
    }

    @Test func aPythonPluginOnACopyOfTheReferenceModulePassesItsOwnTranscript() async throws {
        let module =
            FilePath.directory(of: FilePath.directory(of: FilePath.directory(of: #filePath)))
            + "/Plugins/Promo/shop_plugin.py"
        try FileManager.default.createDirectory(atPath: folder.path + "/hello", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: module, toPath: folder.path + "/hello/shop_plugin.py")
        let plugin = try folder.write(
            #"""
            #!/usr/bin/env python3
            import sys
            sys.dont_write_bytecode = True
            from shop_plugin import PluginError, Result, serve

            MANIFEST = {
                "name": "hello", "version": "0.1.0", "summary": "Greetings",
                "stateKeys": [{"key": "hello.count", "abstract": "greetings so far", "type": "int", "initial": 0}],
                "commands": [{"path": ["hello", "say"], "abstract": "Greet someone",
                              "arguments": [{"name": "WHO", "abstract": "whom", "kind": "string"}],
                              "examples": [{"command": "hello say Ann"}]}],
            }

            def say(call):
                if call.arguments["WHO"] == "nobody":
                    raise PluginError("no one to greet", kind="invalid-argument", argument="WHO",
                                      help="name someone")
                count = call.state("hello.count") + 1
                return Result(value=f"hello, {call.arguments['WHO']} (#{count})",
                              state_changes={"hello.count": count})

            serve(MANIFEST, {("hello", "say"): say})
            """#, to: "hello/shop-plugin-hello")
        chmod(plugin, 0o755)
        try folder.write(
            """
            #%plugin ./shop-plugin-hello
            hello say Ann
            #> hello, Ann (#1)
            hello say nobody
            #> error: no one to greet
            #> help: name someone
            state get hello.count
            #> 1

            """, to: "hello/hello.shopscript")
        let environment = ShopBinary.environment(stateDirectory: folder.path, ["XDG_DATA_HOME": folder.path + "/data"])
        let result = try await ShopBinary.run(
            ["test", "--trust", "hello.shopscript"], environment: environment, workingDirectory: folder.path + "/hello",
            timeout: 60)
        #expect(result.standardOutput == "ok    hello.shopscript\n1 passed, 0 failed\n", "\(result.standardError)")
        #expect(result.status == 0)
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/hello/__pycache__"))
    }
}
