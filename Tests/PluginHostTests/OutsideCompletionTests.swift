import ServicesPlugin
import ShopPluginAPI
import ShopRuntime
import ShopTestSupport
import Testing

@testable import PluginHost

/// Tab on an outside plugin's arguments: `{"state", "field"}` sources answered by the host
/// alone, `dynamic` ones by the plugin within the budget.
@Suite struct OutsideCompletionTests {
    private func session() async throws -> (Session, FileSystemFolder) {
        let folder = try FileSystemFolder(prefix: "promo-tab")
        let settings = PluginSettings(
            host: HostIdentity(version: "0.1.0"), environment: ["PATH": "/usr/bin:/bin"], workingDirectory: folder.path,
            cacheBase: folder.path, stateBase: folder.path)
        let loader = OutsidePluginLoader(settings: settings, registryPath: folder.path + "/plugins.json")
        let promo = try await loader.load(PromoPluginProtocolTests.executable, workingDirectory: folder.path)
        let environment = SessionEnvironment(
            clock: .fixed(at: 0), stateDirectory: folder.path, workingDirectory: folder.path)
        let session = try Session(
            configuration: SessionConfiguration(
                plugins: [ServicesPlugin(), promo], environment: environment, output: CapturedOutput()))
        return (session, folder)
    }

    @Test func aStateFieldSourceIsAnsweredWithoutStartingThePlugin() async throws {
        let (session, folder) = try await session()
        defer { withExtendedLifetime(folder) {} }
        let context = await session.completionContext()
        #expect(context.complete("promo remove ").candidates == ["SPRING", "CLEAN10", "PETS"])
        #expect(context.complete("promo remove C").candidates == ["CLEAN10"])
        let status = context.objects.existing(owner: "promo", as: PluginSupervisor.self)?.status
        #expect(status == nil, "nothing was started")
    }

    @Test func aDynamicSourceAsksThePluginWithinTheBudget() async throws {
        let (session, folder) = try await session()
        defer { withExtendedLifetime(folder) {} }
        _ = await session.run("services select windows", file: nil, path: nil, policy: .keepGoing)
        let context = await session.completionContext()
        #expect(context.complete("promo apply ").candidates == [], "a cold plugin starts in the background")
        let supervisor = try #require(context.objects.existing(owner: "promo", as: PluginSupervisor.self))
        _ = try await supervisor.start()
        // The codes that fit window cleaning, best first: on this Tab, or (on a loaded machine,
        // past the budget) kept for the next.
        func complete(_ line: String) async throws -> [String] {
            let answer = context.complete(line).candidates
            guard answer.isEmpty else { return answer }
            try await Task.sleep(for: .seconds(2))
            return context.complete(line).candidates
        }
        #expect(try await complete("promo apply ") == ["SPRING", "CLEAN10"])
        #expect(try await complete("promo apply C") == ["CLEAN10"])
        await session.end()
    }
}
