import ServicesPlugin
import ShopPluginAPI
import ShopRuntime
import ShopTestSupport
import Testing

@testable import PluginHost

/// Tab on an outside plugin's arguments: `{"state", "field"}` sources answered by the host
/// alone, `dynamic` ones by the plugin within the budget, with descriptions when it gives them.
@Suite struct OutsideCompletionTests {
    private func session(
        _ executable: String = PromoPluginProtocolTests.executable, environment variables: [String: String] = [:],
        output: CapturedOutput = CapturedOutput()
    ) async throws -> (Session, FileSystemFolder) {
        let folder = try FileSystemFolder(prefix: "promo-tab")
        var settings = PluginSettings(
            host: HostIdentity(version: "0.1.0"), environment: ["PATH": "/usr/bin:/bin"].merging(variables) { $1 },
            workingDirectory: folder.path, cacheBase: folder.path, stateBase: folder.path)
        // A safety net, not the 5 s a user gets: the other tests can keep a machine busy.
        settings.startLimit = 120
        let loader = OutsidePluginLoader(settings: settings, registryPath: folder.path + "/plugins.json")
        let plugin = try await loader.load(executable, workingDirectory: folder.path)
        let environment = SessionEnvironment(
            clock: .fixed(at: 0), stateDirectory: folder.path, workingDirectory: folder.path)
        let session = try Session(
            configuration: SessionConfiguration(
                plugins: [ServicesPlugin(), plugin], environment: environment, output: output))
        return (session, folder)
    }

    /// The candidates of the first argument of `command`, described, from the plugin: on this
    /// Tab, or (on a loaded machine, past the budget) kept for the next. The plugin is started
    /// first.
    private func answered(_ command: [String], in session: Session) async throws -> [CompletionCandidate] {
        let context = await session.completionContext()
        _ = context.complete(command.joined(separator: " ") + " ")  // the session's process, started
        let supervisor = try #require(context.objects.existing(owner: command[0], as: PluginSupervisor.self))
        _ = try await supervisor.start()
        let spec = try session.registry.resolve(command).command.spec
        let argument = try #require(spec.arguments.first)
        let produce = try #require(argument.completion.producer)
        let request = CompletionRequest(
            prefix: "", state: context.state, command: spec.path, argument: argument.name,
            workingDirectory: context.workingDirectory, objects: context.objects)
        let answer = produce(request)
        guard answer.isEmpty else { return answer }
        try await Task.sleep(for: .seconds(2))
        return produce(request)
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

    @Test func thePythonPluginDescribesItsCandidates() async throws {
        let (session, folder) = try await session()
        defer { withExtendedLifetime(folder) {} }
        _ = await session.run("services select windows", file: nil, path: nil, policy: .keepGoing)
        #expect(
            try await answered(["promo", "apply"], in: session) == [
                CompletionCandidate("SPRING", description: "20% off every service"),
                CompletionCandidate("CLEAN10", description: "10% off cleaning"),
            ])
        await session.end()
    }

    @Test func aPluginWithoutTheFeatureGivesWordsAlone() async throws {
        let (session, folder) = try await session(FakePlugin.path, environment: ["SHOP_FAKE_FEATURES": "state-cache"])
        defer { withExtendedLifetime(folder) {} }
        #expect(
            try await answered(["fake", "echo"], in: session) == [
                CompletionCandidate("alpha"), CompletionCandidate("beta"),
            ])
        await session.end()
    }

    @Test func stateSentWithCompleteIsSentAgainWithTheNextRun() async throws {
        let output = CapturedOutput()
        let (session, folder) = try await session(FakePlugin.path, output: output)
        defer { withExtendedLifetime(folder) {} }
        _ = await session.run("fake sent", file: nil, path: nil, policy: .keepGoing)
        _ = await session.run("services select windows", file: nil, path: nil, policy: .keepGoing)
        // Tab carries the new selection to the plugin…
        let described = try await answered(["fake", "echo"], in: session)
        #expect(described.first == CompletionCandidate("alpha", description: "the first"))
        // … and the run after it carries it again.
        _ = output.take()
        _ = await session.run("fake sent | to json", file: nil, path: nil, policy: .keepGoing)
        let sent = output.take()
        #expect(sent.contains("services.selected"), "\(sent)")
        await session.end()
    }
}
