import Foundation
import Glibc

/// The built `shop` executable, run as a separate process the way a user runs it.
///
/// ```swift
/// let result = try await ShopBinary.run(["-c", "echo hi"], environment: environment, workingDirectory: folder)
/// #expect(result.standardOutput == "hi\n")
/// #expect(result.status == 0)
/// ```
public enum ShopBinary {
    /// What a finished run left behind.
    public struct Result: Sendable, Equatable {
        /// The exit status, or 128 + the signal number when a signal ended it.
        public var status: Int32
        public var standardOutput: String
        public var standardError: String

        public init(status: Int32, standardOutput: String, standardError: String) {
            self.status = status
            self.standardOutput = standardOutput
            self.standardError = standardError
        }
    }

    /// Why a run could not complete.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String

        public init(description: String) {
            self.description = description
        }
    }

    /// The path of `shop` in the build products folder the tests run from.
    public static var path: String { productPath("shop") }

    /// The path of the built executable `name` in the build products folder the tests run from.
    public static func productPath(_ name: String) -> String {
        let executable =
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        var folder = URL(fileURLWithPath: executable).deletingLastPathComponent()
        while folder.path != "/",
            !FileManager.default.isExecutableFile(atPath: folder.appendingPathComponent(name).path)
        {
            folder = folder.deletingLastPathComponent()
        }
        return folder.appendingPathComponent(name).path
    }

    /// An environment without the user's colours, history or clock: tests pass what they need.
    public static func environment(stateDirectory: String, _ extra: [String: String] = [:]) -> [String: String] {
        var environment = [
            "PATH": "/usr/bin:/bin", "HOME": stateDirectory, "XDG_STATE_HOME": stateDirectory, "LANG": "C.UTF-8",
            "TERM": "xterm-256color",
        ]
        environment.merge(extra) { $1 }
        return environment
    }

    /// The sanitizers' settings of this process (`Scripts/test --sanitize`, with the preloaded
    /// Mutex annotations under TSan), which a `shop` built with the same sanitizer needs too.
    private static var sanitizerSettings: [String: String] {
        let names: Set = ["ASAN_OPTIONS", "TSAN_OPTIONS", "SWIFT_BACKTRACE", "LD_PRELOAD"]
        return ProcessInfo.processInfo.environment.filter { names.contains($0.key) }
    }

    /// A run under way, as ``run(_:input:environment:workingDirectory:timeout:launchPath:whileRunning:)``
    /// hands it to its `whileRunning` closure.
    public struct Running: Sendable {
        /// The process id (to send it signals).
        public let processIdentifier: Int32
        let outputPath: String
        let deadline: ContinuousClock.Instant

        /// Waits until standard output contains `text` (a sign the run got that far), or
        /// throws when the run's time is up first.
        public func waitForOutput(_ text: String) async throws {
            while !((try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? "").contains(text) {
                guard ContinuousClock.now < deadline else {
                    throw Failure(description: "shop printed no '\(text)' in time")
                }
                try await Task.sleep(for: .milliseconds(5))
            }
        }
    }

    /// Runs `shop` with `arguments`, feeding `input` on standard input; gives up after `timeout`
    /// seconds. `whileRunning` gets the run once it started (to wait for its output, send it
    /// signals).
    ///
    /// Waits by suspending, never by blocking a thread, so tests running beside it keep going.
    public static func run(
        _ arguments: [String], input: String = "", environment: [String: String], workingDirectory: String,
        timeout: Double = 20, launchPath: String? = nil,
        whileRunning: ((Running) async throws -> Void)? = nil
    ) async throws -> Result {
        let folder = try FileSystemFolder(prefix: "shop-run")
        let inputPath = try folder.write(input, to: "stdin")
        let outputPath = try folder.write("", to: "stdout")
        let errorPath = try folder.write("", to: "stderr")
        let process = try SpawnedProcess(
            executable: launchPath ?? path, arguments: arguments,
            environment: environment.merging(sanitizerSettings) { given, _ in given },
            workingDirectory: workingDirectory, streams: .files(input: inputPath, output: outputPath, error: errorPath))
        let deadline = ContinuousClock.now + .milliseconds(Int(timeout * 1000))
        do {
            try await whileRunning?(
                Running(processIdentifier: process.processIdentifier, outputPath: outputPath, deadline: deadline))
        } catch {
            process.kill()
            throw error
        }
        let status = try await exitStatus(of: process, by: deadline) {
            "shop \(arguments) did not finish within \(timeout) s"
        }
        return Result(
            status: status,
            standardOutput: (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? "",
            standardError: (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? "")
    }

    /// The exit status of `process` (128 + the signal number when a signal ended it), polled
    /// until it ends; when `deadline` passes first, it is killed and `failure` thrown.
    private static func exitStatus(
        of process: SpawnedProcess, by deadline: ContinuousClock.Instant, failure: () -> String
    ) async throws -> Int32 {
        while true {
            switch process.status {
            case .exited(let code)?: return code
            case .signaled(let signal)?: return 128 + signal
            case nil:
                guard ContinuousClock.now <= deadline else {
                    process.kill()
                    throw Failure(description: failure())
                }
                try await Task.sleep(for: .milliseconds(2))
            }
        }
    }
}
