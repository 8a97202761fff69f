import Foundation
import ShopTestSupport
import Testing

/// `Scripts/workshop/`: the example workshop runs with no network. Its news come from
/// `news.har`, recorded from a server on a port nothing listens on now, so a request that
/// reached the network would fail.
@Suite struct WorkshopTests {
    static let workshop = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appending(path: "Scripts/workshop").path

    private func shop(_ arguments: [String]) async throws -> ShopBinary.Result {
        let folder = try FileSystemFolder(prefix: "shop-workshop")
        return try await ShopBinary.run(
            ["--no-history", "--state-dir", folder.path] + arguments,
            environment: ShopBinary.environment(stateDirectory: folder.path), workingDirectory: Self.workshop)
    }

    @Test func theWorkshopPassesAsATranscriptTest() async throws {
        let result = try await shop(["test", "workshop.shopscript"])
        #expect(result.standardOutput == "ok    workshop.shopscript\n1 passed, 0 failed\n")
        #expect(result.status == 0)
    }

    @Test func itRehearsesWithoutAFailure() async throws {
        let result = try await shop(["demo", "--rehearse", "workshop.shopscript"])
        #expect(result.status == 0)
        #expect(result.standardOutput.hasSuffix(" steps, 0 failed\n"))
    }

    @Test func theHandoutIsWhatTheScriptGivesByteForByte() async throws {
        let folder = try FileSystemFolder(prefix: "shop-handout")
        let written = folder.path + "/handout.md"
        // The clock of Scripts/workshop/record-news, which wrote the committed handout.
        let result = try await shop([
            "demo", "workshop.shopscript", "--handout", written, "--now", "2026-01-15T10:00:00Z",
        ])
        #expect(result.status == 0)
        let regenerated = try Data(contentsOf: URL(fileURLWithPath: written))
        let committed = try Data(contentsOf: URL(fileURLWithPath: Self.workshop + "/handout.md"))
        #expect(regenerated == committed, "run Scripts/workshop/record-news to write the handout again")
    }
}
