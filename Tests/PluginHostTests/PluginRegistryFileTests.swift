import Foundation
import Glibc
import HTTPArchive
import ShopFormats
import ShopPluginAPI
import ShopTestSupport
import ShopValues
import ShopWire
import Testing

@testable import PluginHost

@Suite struct PluginRegistryFileTests {
    private func entry(_ name: String) -> PluginRegistryFile.Entry {
        PluginRegistryFile.Entry(
            name: name,
            executable: PluginExecutable(path: "/bin/\(name)", size: 10, modified: 1_768_471_200_000_000_000),
            manifest: .record(Record(["name": .string(name)])))
    }

    @Test func entriesSurviveASaveAndALoad() throws {
        let folder = try FileSystemFolder(prefix: "registry")
        var registry = PluginRegistryFile(path: folder.path + "/shop/plugins.json")
        registry.register(entry("promo"))
        registry.register(entry("slots"))
        try registry.save()
        let (loaded, warnings) = PluginRegistryFile.load(from: registry.path)
        #expect(warnings.isEmpty)
        #expect(loaded == registry)
        var changed = loaded
        let removed = changed.remove("promo")
        let removedAgain = changed.remove("promo")
        #expect(removed && !removedAgain)
        #expect(changed.entries.map(\.name) == ["slots"])
    }

    @Test func aMissingFileIsAnEmptyRegistry() {
        let (registry, warnings) = PluginRegistryFile.load(from: "/nonexistent/plugins.json")
        #expect(registry.entries.isEmpty && warnings.isEmpty)
    }

    @Test(arguments: [
        ("{\"registryVersion\": 1, \"plugins\": [", "is damaged ("),
        ("[1, 2]", "is not one shop wrote; outside plugins are not loaded"),
        (
            "{\"registryVersion\": 7, \"plugins\": []}",
            "is from a newer shop (version 7); outside plugins are not loaded"
        ),
    ])
    func aBadFileIsOneWarningAndNoPlugins(text: String, warning: String) throws {
        let folder = try FileSystemFolder(prefix: "registry")
        let path = try folder.write(text, to: "plugins.json")
        let (registry, warnings) = PluginRegistryFile.load(from: path)
        #expect(registry.entries.isEmpty)
        #expect(warnings.count == 1)
        #expect(warnings.first?.contains(warning) == true, "\(warnings)")
    }

    @Test func aNewerShopsFileIsNeverOverwritten() throws {
        let folder = try FileSystemFolder(prefix: "registry")
        let path = try folder.write("{\"registryVersion\": 2, \"plugins\": []}", to: "plugins.json")
        var (registry, _) = PluginRegistryFile.load(from: path)
        registry.register(entry("promo"))
        #expect(throws: PluginRegistryError.newer(path: path, version: 2)) { try registry.save() }
        #expect(try FileSystem.read(path) == Array("{\"registryVersion\": 2, \"plugins\": []}".utf8))
    }

    @Test func aDamagedEntryIsSkippedAndTheOthersLoad() throws {
        let folder = try FileSystemFolder(prefix: "registry")
        var registry = PluginRegistryFile(path: folder.path + "/plugins.json")
        registry.register(entry("promo"))
        try registry.save()
        let text = String(decoding: try FileSystem.read(registry.path), as: UTF8.self)
            .replacingOccurrences(of: "\"plugins\": [", with: "\"plugins\": [{\"name\": 3},")
        try folder.write(text, to: "plugins.json")
        let (loaded, warnings) = PluginRegistryFile.load(from: registry.path)
        #expect(loaded.entries.map(\.name) == ["promo"])
        #expect(warnings == ["the plugin registry '\(registry.path)': entry 1 is damaged and was skipped"])
    }
}

extension PluginRegistryFileTests {
    /// A registry of one plugin `promo` whose manifest's first argument is `argument`.
    private func registry(argument: String, in folder: FileSystemFolder) throws -> String {
        try folder.write(
            """
            {"registryVersion": 1, "plugins": [{"name": "promo", "path": "/bin/promo", "size": 10, "modified": 7,
              "manifest": {"name": "promo", "version": "1", "commands": [{"path": ["promo", "apply"],
                "abstract": "Apply a code", "arguments": [\(argument)], "examples": [{"command": "promo apply X"}]}]}}]}
            """, to: "plugins.json")
    }

    @Test func startUpReadsEachManifestsHeadAndTheRestOnlyWhenAsked() throws {
        let folder = try FileSystemFolder(prefix: "registry")
        let path = try registry(argument: #"{"name": "CODE", "kind": "string", "kind": "int"}"#, in: folder)
        let before = try FileSystem.read(path)
        let (registry, warnings) = PluginRegistryFile.load(from: path)
        #expect(warnings.isEmpty, "a name twice past the head is not read at start")
        let manifest = try #require(registry.entries.first?.manifest)
        let head = try manifest.head
        #expect(head.name == "promo" && head.version == "1")
        #expect(head.commands.isEmpty, "only the head is read")
        #expect(throws: ManifestError.self) { try manifest.whole.get() }
        let whole = try? manifest.whole.get()
        #expect(whole == nil)
        if case .failure(let error) = manifest.whole {
            #expect(error.description.hasPrefix("manifest: duplicate key 'kind' at commands[0].arguments[0]"))
        }
        let refusal = #expect(throws: PluginRegistryError.self) { try registry.save() }
        #expect(refusal?.description.hasSuffix("; remove it first: plugin remove promo") == true)
        #expect(try FileSystem.read(path) == before, "the file is left as it was")
    }

    @Test func aManifestDamagedPastItsHeadIsStillADamagedFileWhenItIsNotJSON() throws {
        let folder = try FileSystemFolder(prefix: "registry")
        let path = try registry(argument: #"{"name": "CODE", "kind": str}"#, in: folder)
        let (registry, warnings) = PluginRegistryFile.load(from: path)
        #expect(registry.entries.isEmpty)
        #expect(warnings.count == 1 && warnings[0].contains("is damaged (unexpected 's'"), "\(warnings)")
    }

    @Test func aWholeManifestReadLaterIsTheOneSaved() throws {
        let folder = try FileSystemFolder(prefix: "registry")
        let path = try registry(argument: #"{"name": "CODE", "kind": "string"}"#, in: folder)
        let (registry, _) = PluginRegistryFile.load(from: path)
        let whole = try #require(try registry.entries.first?.manifest.whole.get())
        #expect(
            whole.recordValue?["commands"]?.listValue?.first?.recordValue?["examples"]
                == .list([
                    .record(Record(pairs: [("command", "promo apply X")]))
                ]))
        try registry.save()
        #expect(PluginRegistryFile.load(from: path).registry == registry)
    }
}

/// The head read straight from a registry's text is the one read through values, a head that
/// is not valid is worded by the reading through values, and what lies past the head is read
/// only when the plugin's commands are asked for.
@Suite struct CachedHeadTests {
    /// The head of the manifest `bytes` read straight, or nil.
    private func straight(_ bytes: [UInt8]) throws -> PluginManifest? {
        try JSONReader.withReader(over: bytes) { reader throws(JSONError) in
            let head = CachedManifest.readCheckedHead(&reader)
            if head == nil {
                reader.rewind(to: 0)
                try reader.skipValueSyntax()
            }
            return head
        }
    }

    /// The manifest `text` as a registry file keeps it.
    private func cached(_ text: String) throws -> CachedManifest {
        let bytes = Array(text.utf8)
        return try JSONReader.withReader(over: bytes) { reader throws(JSONError) in
            try CachedManifest(reading: &reader, in: bytes)
        }
    }

    private static let command =
        #"{"path": ["promo", "apply"], "aliases": ["use"], "abstract": "Apply", "input": "optional", "#
        + #""arguments": [{"name": "CODE"}], "timeoutSeconds": 2, "history": "never"}"#

    @Test(arguments: [
        #"{"name": "promo", "version": "1", "commands": [\#(command)]}"#,
        #"{"name": "promo", "version": "1", "summary": null, "defaultVerb": "apply", "reads": ["services.selected"], "#
            + #""stateKeys": [{"key": "promo.code", "type": "choice", "choices": ["a", "b"], "initial": "a", "x": 1}], "#
            + #""extra": {"y": [1]}, "commands": [\#(command), {"path": ["promo", "list"]}]}"#,
        #"{"name": "promo", "version": "1", "stateKeys": [{"key": "promo.n", "type": "int", "initial": 0}], "commands": null}"#,
    ])
    func readStraightOrThroughValuesTheHeadIsTheSame(text: String) throws {
        let bytes = Array(text.utf8)
        let read = try #require(try straight(bytes))
        let throughValues = try CachedManifest(try Value(json: bytes)).head
        #expect(read.json == throughValues.json)
    }

    @Test(arguments: [
        (#"{"name": "Promo", "version": "1"}"#, "manifest.name: 'Promo' must be lowercase"),
        (#"{"name": "promo", "version": 1}"#, "manifest.version: expected a string, got int"),
        (
            #"{"name": "promo", "version": "1", "stateKeys": [{"key": "promo.n", "type": "int", "initial": "a"}]}"#,
            "manifest.stateKeys[0].initial"
        ),
        (#"{"name": "promo", "version": "1", "reads": ["nodot"]}"#, "manifest.reads[0]"),
    ])
    func anInvalidHeadIsWordedByTheReadingThroughValues(text: String, error: String) throws {
        #expect(try straight(Array(text.utf8)) == nil)
        let refusal = #expect(throws: ManifestError.self) { try cached(text).head }
        #expect(refusal?.description.hasPrefix(error) == true, "\(String(describing: refusal))")
    }

    @Test(arguments: [
        (
            #"{"name": "promo", "version": "1", "commands": [{"path": ["other", "x"]}]}"#,
            "manifest.commands[0].path: 'other x'"
        ),
        (
            #"{"name": "promo", "version": "1", "commands": [{"path": ["promo", "x"], "input": "all"}]}"#,
            "manifest.commands[0].input"
        ),
    ])
    func aDamagedCommandPassesTheHeadAndIsTheOneCommandOfThePlugin(text: String, error: String) throws {
        let cached = try cached(text)
        #expect(try cached.head.name == "promo")
        let settings = PluginSettings(
            host: HostIdentity(version: "test"), environment: [:], workingDirectory: "/", cacheBase: "/tmp",
            stateBase: "/tmp")
        let plugin = try OutsidePlugin(cached: cached, executable: "/bin/promo", settings: settings)
        let commands = plugin.commands
        #expect(commands.map(\.spec.path) == [["promo"]])
        let discussion = commands.first?.spec.discussion ?? ""
        #expect(discussion.hasPrefix("plugin promo: its cached manifest is damaged (\(error)"), "\(discussion)")
        #expect(discussion.hasSuffix("; add it again: plugin add /bin/promo"))
        #expect(plugin.defaultVerb == nil)
    }
}

@Suite struct PluginExecutableTests {
    @Test func aNameIsFoundAsShopPluginNameOnPath() throws {
        let folder = try FileSystemFolder(prefix: "locate")
        let file = try folder.write("#!/bin/sh\n", to: "bin/shop-plugin-promo")
        chmod(file, 0o755)
        let found = try PluginExecutable.locate(
            "promo", path: "/nonexistent:" + folder.path + "/bin", workingDirectory: "/", home: nil)
        #expect(found.path == file)
        #expect(found.size == 10)
        #expect(found.isUnchanged)
        try folder.write("#!/bin/sh\nexit 0\n", to: "bin/shop-plugin-promo")
        #expect(!found.isUnchanged)
    }

    @Test func aRelativePathOrPathEntryIsRecordedAbsoluteAndPlain() throws {
        let folder = try FileSystemFolder(prefix: "locate")
        let file = try folder.write("#!/bin/sh\n", to: "bin/shop-plugin-promo")
        chmod(file, 0o755)
        let byPath = try PluginExecutable.locate(
            "./bin/../bin//./shop-plugin-promo", path: nil, workingDirectory: folder.path, home: nil)
        #expect(byPath.path == file)
        let byName = try PluginExecutable.locate("promo", path: "bin", workingDirectory: folder.path, home: nil)
        #expect(byName.path == file)
    }

    @Test func badPathsAreOneClearLine() throws {
        let folder = try FileSystemFolder(prefix: "locate")
        try folder.write("text", to: "plain")
        try folder.write("text", to: "dir/inside")
        func failure(_ word: String) -> String? {
            do {
                _ = try PluginExecutable.locate(word, path: "/usr/bin", workingDirectory: folder.path, home: nil)
                return nil
            } catch {
                return error.description
            }
        }
        #expect(failure("./missing") == "no such file './missing'")
        #expect(failure("./dir") == "'./dir' is a folder, not a plugin executable")
        #expect(failure("./plain") == "'./plain' is not executable (chmod +x './plain')")
        #expect(failure("nothing") == "no plugin 'nothing': no executable 'shop-plugin-nothing' on PATH")
    }
}
