import ShopPluginAPI
import ShopTestSupport
import ShopValues
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

    private static func apply(_ code: String, sendValues: Bool) -> Value {
        func entry(_ revision: Int, _ value: Value) -> Value {
            .record(Record(pairs: [("revision", .int(revision))] + (sendValues ? [("value", value)] : [])))
        }
        let items: Value = [.record(Record(["id": "windows", "title": "Window cleaning", "price": 1500]))]
        return .record(
            Record([
                "command": ["promo", "apply"], "arguments": .record(Record(["CODE": .string(code)])),
                "options": .record(Record(["--dry-run": false])),
                "state": .record(
                    Record([
                        "promo.codes": entry(1, codes), "promo.applied": entry(2, .null),
                        "services.items": entry(3, items), "services.selected": entry(4, ["windows"]),
                    ])),
            ]))
    }

    @Test
    func applyAnswersWithAValueDisplayAndAProposedChange() async throws {
        let (supervisor, folder) = try promo()
        defer { withExtendedLifetime(folder) {} }
        let identity = try await supervisor.start()
        #expect(
            identity == PluginIdentity(name: "promo", version: "1.0.0", protocolVersion: 1, features: ["state-cache"]))
        let answer = try await supervisor.call(
            "run", label: "promo apply", timeout: 10, params: Self.apply("spring", sendValues: true))
        #expect(answer.recordValue?["value"] == .record(Record(["code": "SPRING", "before": 1500, "after": 1200])))
        #expect(answer.recordValue?["display"] == ["Applied SPRING: 1 500 ₽ → 1 200 ₽"])
        #expect(answer.recordValue?["stateChanges"] == [.record(Record(["key": "promo.applied", "value": "SPRING"]))])
        // Values left out: the plugin serves them from its cache (same revisions).
        let again = try await supervisor.call(
            "run", label: "promo apply", timeout: 10, params: Self.apply("SPRING", sendValues: false))
        #expect(again.recordValue?["value"]?.recordValue?["after"] == 1200)
        await supervisor.shutdown()
    }

    @Test
    func anUnknownCodeIsAnErrorNamingTheArgumentWithASuggestion() async throws {
        let (supervisor, folder) = try promo()
        defer { withExtendedLifetime(folder) {} }
        await #expect(
            throws: RPCError(
                code: -32000, message: "unknown promo code 'SPRNG'",
                data: .record(Record(["kind": "not-found", "argument": "CODE", "help": "did you mean 'SPRING'?"])))
        ) {
            try await supervisor.call(
                "run", label: "promo apply", timeout: 10, params: Self.apply("SPRNG", sendValues: true))
        }
        await supervisor.shutdown()
    }
}
