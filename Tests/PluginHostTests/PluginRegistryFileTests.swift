import Foundation
import Glibc
import ShopKit
import ShopTestSupport
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
