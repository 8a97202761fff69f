import Foundation
import Glibc
import ShopTestSupport
import Testing

/// `services load` of a large catalog that another process truncates while it is read: the
/// built `shop` reports the change (or loads the whole file when the cut came too late) and
/// never dies of a signal. A memory-mapped read died of SIGBUS here.
@Suite struct CatalogChangeTests {
    /// 42,000 services with long titles: about 17 MB, so the load reads it in parts on every core.
    static let catalog = Array(
        ("{\"services\": [\n"
            + (0..<42_000).map { number in
                "{\"id\": \"svc-\(100_000 + number)\", \"name\": \"Service \(number)"
                    + String(repeating: ", with a long title that takes room", count: 10)
                    + "\", \"price\": \(number % 3000), \"icon\": \"🧽\"}"
            }.joined(separator: ",\n") + "\n]}\n").utf8)
    static let loaded = "loaded 42 000 services (services shape)\n"
    static let changed = "error: cannot load 'big.json': the file changed while it was read\n"

    let folder: FileSystemFolder
    var path: String { folder.path + "/big.json" }

    init() throws {
        folder = try FileSystemFolder(prefix: "shop-truncate")
    }

    private func load(whileRunning: ((ShopBinary.Running) async throws -> Void)? = nil) async throws
        -> ShopBinary.Result
    {
        try await ShopBinary.run(
            ["--no-history", "-c", "services load big.json"],
            environment: ShopBinary.environment(stateDirectory: folder.path), workingDirectory: folder.path,
            timeout: 120, whileRunning: whileRunning)
    }

    @Test func truncatingACatalogWhileShopLoadsItIsAnErrorNeverACrash() async throws {
        try Data(Self.catalog).write(to: URL(fileURLWithPath: path))
        let start = ContinuousClock.now
        #expect(try await load() == ShopBinary.Result(status: 0, standardOutput: Self.loaded, standardError: ""))
        let loadTime = ContinuousClock.now - start
        for _ in 0..<6 {
            try Data(Self.catalog).write(to: URL(fileURLWithPath: path))
            var cutter: FileCutter?
            let result = try await load { running in
                cutter = FileCutter(path: path, reader: running.processIdentifier, within: loadTime * 1.2)
            }
            _ = await cutter?.finish()
            #expect(
                result == ShopBinary.Result(status: 0, standardOutput: Self.loaded, standardError: "")
                    || result == ShopBinary.Result(status: 1, standardOutput: "", standardError: Self.changed),
                "\(result)")
        }
    }
}
