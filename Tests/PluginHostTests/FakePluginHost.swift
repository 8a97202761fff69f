import Foundation
import Glibc
import ShopPluginAPI
import ShopTestSupport
import ShopValues
import ShopWire

@testable import PluginHost

/// A supervisor of the fake plugin process, in a folder of its own.
struct FakePluginHost {
    let folder: FileSystemFolder
    let supervisor: PluginSupervisor

    /// The fake with `fault` (only in its first process when `once`), `extra` environment and
    /// changed settings.
    init(
        _ fault: FakePlugin.Fault? = nil, once: Bool = false, extra: [String: String] = [:],
        configure: (inout PluginSettings) -> Void = { _ in }
    ) throws {
        folder = try FileSystemFolder(prefix: "plugin-host")
        var environment = ["PATH": "/usr/bin:/bin", "SHOP_FAKE_STARTS": folder.path + "/starts"]
        if let fault { environment["SHOP_FAKE_PLUGIN"] = fault.rawValue }
        if once { environment["SHOP_FAKE_FAULT_ONCE"] = "1" }
        environment.merge(extra) { $1 }
        var settings = PluginSettings(
            host: HostIdentity(version: "0.1.0"), environment: environment, workingDirectory: folder.path,
            cacheBase: folder.path + "/cache", stateBase: folder.path + "/state")
        // A machine busy with the other tests can take many seconds to start a process and
        // read its handshake: only the start test keeps 5 s.
        settings.startLimit = fault == .slowStart ? 5 : 120
        configure(&settings)
        supervisor = PluginSupervisor(expectedName: "fake", executable: FakePlugin.path, settings: settings)
    }

    /// Runs `fake VERB` with `TEXT`; the answer's `value`.
    func run(_ verb: String, text: String = "hi", timeout: Double? = 10) async throws -> Value {
        let request = RunRequest(
            command: ["fake", verb], arguments: .record(Record(["TEXT": .string(text)])),
            options: .record(Record(pairs: [])), input: nil, state: StateEntries(), context: Self.context)
        let result = try await supervisor.call(label: "fake \(verb)", timeout: timeout) { _ in request }
        return result.value ?? .null
    }

    /// The `context` of a run from a test.
    static let context = RunContext(
        baseDirectory: "/", width: 80, color: false, format: .table, interactive: false, now: 0)

    /// The error `body` throws, as the line the session would print.
    func failure(_ body: () async throws -> Void) async -> String? {
        do {
            try await body()
            return nil
        } catch {
            return "\(error)"
        }
    }

    /// How many processes were started.
    var starts: Int {
        ((try? String(contentsOfFile: folder.path + "/starts", encoding: .utf8)) ?? "").split(separator: "\n").count
    }

    /// The process ids of every start, oldest first.
    var pids: [Int32] {
        ((try? String(contentsOfFile: folder.path + "/starts", encoding: .utf8)) ?? "").split(separator: "\n")
            .compactMap { Int32($0) }
    }

    /// Whether process `pid` exists (a zombie counts).
    static func exists(_ pid: Int32) -> Bool {
        FileManager.default.fileExists(atPath: "/proc/\(pid)")
    }

    /// Waits up to `seconds` for `condition`.
    static func eventually(within seconds: Double = 5, _ condition: () -> Bool) async -> Bool {
        let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
        while ContinuousClock.now < deadline {
            if condition() { return true }
            try? await Task.sleep(for: .milliseconds(10))
        }
        return condition()
    }
}
