import Foundation
import Glibc
import ShopPluginAPI
import ShopTestSupport
import Testing

@testable import ServicesPlugin

/// A catalog file that changes while `services load` reads it is refused as a whole with one
/// line, never a crash (a mapped file faults with SIGBUS when it is truncated under the map),
/// and the state stays as it was.
@Suite struct ChangingFileTests {
    static let count = 20_000
    static let catalog = Array(
        ("{\"services\": [\n"
            + (0..<count).map { number in
                "{\"id\": \"svc-\(100_000 + number)\", \"name\": \"Service number \(number)\", \"price\": \(number % 3000)}"
            }.joined(separator: ",\n") + "\n]}\n").utf8)
    static let changed = ServicesError.changedWhileReading(file: "big.json")

    let folder: FileSystemFolder
    var path: String { folder.path + "/big.json" }

    init() throws {
        folder = try FileSystemFolder(prefix: "services-change")
    }

    private func writeCatalog() throws {
        try FileSystem.writeAtomically(Self.catalog, to: path)
    }

    @Test func aFileTruncatedAfterItWasOpenedIsRefused() async throws {
        try writeCatalog()
        let file = try FileReader(path: path)
        #expect(truncate(path, off_t(Self.catalog.count / 2)) == 0)
        await #expect(throws: Self.changed) {
            try await CatalogLoader.load(file, name: "big.json")
        }
    }

    @Test func aFileRewrittenUnderTheLoadWithTheSameSizeIsRefused() async throws {
        try writeCatalog()
        let file = try FileReader(path: path)
        let handle = try #require(FileHandle(forWritingAtPath: path))
        let sameSize = Data("{\"services\": []}".utf8) + Data(repeating: 0x20, count: Self.catalog.count - 16)
        try handle.write(contentsOf: sameSize)
        try handle.close()
        let later = time(nil) + 5
        var times = [timespec(tv_sec: later, tv_nsec: 0), timespec(tv_sec: later, tv_nsec: 0)]
        #expect(utimensat(AT_FDCWD, path, &times, 0) == 0)
        await #expect(throws: Self.changed) { try await CatalogLoader.load(file, name: "big.json") }
    }

    @Test func truncatingTheFileDuringServicesLoadGivesOneErrorAndChangesNothing() async throws {
        let shop = try ServicesShop()
        try writeCatalog()
        let start = ContinuousClock.now
        #expect(await shop.run("services load '\(path)'") == "loaded 20 000 services (services shape)\n")
        let loadTime = ContinuousClock.now - start
        await shop.run("undo; services mode multi; services select windows")
        let before = await shop.state()
        for _ in 0..<15 {
            try writeCatalog()
            // Mostly while the load reads, sometimes after.
            let cutter = FileCutter(path: path, within: loadTime * 1.5)
            let output = await shop.run("services load '\(path)'")
            _ = await cutter.finish()
            if output == "loaded 20 000 services (services shape)\n" {
                #expect(await shop.run("services list | count") == "20000\n")
                await shop.run("undo")
            } else {
                #expect(output == "error: \(ServicesError.changedWhileReading(file: path))\n")
            }
            #expect(await shop.state() == before)
        }
    }

    @Test func truncatingTheFileDuringARepeatedLoadIsNoticed() async throws {
        try writeCatalog()
        let start = ContinuousClock.now
        _ = try await CatalogLoader.load(path: path, name: "big.json")
        let loadTime = ContinuousClock.now - start
        for _ in 0..<15 {
            try writeCatalog()
            let cutter = FileCutter(path: path, within: loadTime * 1.5)
            do {
                let loaded = try await CatalogLoader.load(path: path, name: "big.json")
                #expect(loaded.catalog.items.count == Self.count)
            } catch {
                #expect(error as? ServicesError == Self.changed)
            }
            _ = await cutter.finish()
        }
    }
}
