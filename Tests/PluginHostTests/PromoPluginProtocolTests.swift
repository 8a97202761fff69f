import ShopPluginAPI
import ShopTestSupport
import ShopValues
import ShopWire
import Testing

@testable import PluginHost

/// The Python reference plugin over the real wire: handshake, `run` with a scoped snapshot,
/// the `state-cache` feature and `state/get`.
@Suite struct PromoPluginProtocolTests {
    static let executable =
        FilePath.directory(of: FilePath.directory(of: FilePath.directory(of: #filePath)))
        + "/Plugins/Promo/shop-plugin-promo"

    private func promo() throws -> (PluginSupervisor, FileSystemFolder) {
        let folder = try FileSystemFolder(prefix: "promo")
        let settings = PluginSettings(
            host: HostIdentity(version: "0.1.0"), environment: ["PATH": "/usr/local/bin:/usr/bin:/bin"],
            workingDirectory: folder.path, cacheBase: folder.path, stateBase: folder.path)
        return (PluginSupervisor(expectedName: "promo", executable: Self.executable, settings: settings), folder)
    }

    private static let codes: Value = [
        .record(Record(["code": "SPRING", "percent": 20, "only": [], "abstract": "20% off"]))
    ]

    private static func apply(_ code: String, sendValues: Bool) -> RunRequest {
        func entry(_ key: String, _ revision: UInt64, _ value: Value) -> StateEntries.Entry {
            StateEntries.Entry(key: key, revision: revision, value: sendValues ? Optional(value) : nil)
        }
        let items: Value = [.record(Record(["id": "windows", "title": "Window cleaning", "price": 1500]))]
        return RunRequest(
            command: ["promo", "apply"], arguments: .record(Record(["CODE": .string(code)])),
            options: .record(Record(["--dry-run": false])), input: nil,
            state: StateEntries([
                entry("promo.codes", 1, codes), entry("promo.applied", 2, .null), entry("services.items", 3, items),
                entry("services.selected", 4, ["windows"]),
            ]), context: FakePluginHost.context)
    }

    @Test
    func applyAnswersWithAValueDisplayAndAProposedChange() async throws {
        let (supervisor, folder) = try promo()
        defer { withExtendedLifetime(folder) {} }
        let identity = try await supervisor.start()
        #expect(
            identity
                == PluginIdentity(
                    name: "promo", version: "1.0.0", protocolVersion: 1, features: [.stateCache, .describedCompletions])
        )
        let answer = try await supervisor.call(label: "promo apply", timeout: 10) { _ in
            Self.apply("spring", sendValues: true)
        }
        #expect(answer.value == .record(Record(["code": "SPRING", "before": 1500, "after": 1200])))
        #expect(answer.display == ["Applied SPRING: 1 500 ₽ → 1 200 ₽"])
        #expect(answer.stateChanges == [StateChange(key: "promo.applied", value: "SPRING")])
        // Values left out: the plugin serves them from its cache (same revisions).
        let again = try await supervisor.call(label: "promo apply", timeout: 10) { _ in
            Self.apply("SPRING", sendValues: false)
        }
        #expect(again.value?.recordValue?["after"] == 1200)
        await supervisor.shutdown()
    }

    @Test
    func anUnknownCodeIsAnErrorNamingTheArgumentWithASuggestion() async throws {
        let (supervisor, folder) = try promo()
        defer { withExtendedLifetime(folder) {} }
        await #expect(
            throws: WireError(
                failure: "unknown promo code 'SPRNG'",
                FailureData(kind: .notFound, argument: "CODE", help: "did you mean 'SPRING'?"))
        ) {
            try await supervisor.call(label: "promo apply", timeout: 10) { _ in Self.apply("SPRNG", sendValues: true) }
        }
        await supervisor.shutdown()
    }
}
