import Foundation
import Glibc
import ShopKit

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
        let process = Process()
        process.executableURL = URL(fileURLWithPath: launchPath ?? path)
        process.arguments = arguments
        process.environment = environment.merging(sanitizerSettings) { given, _ in given }
        process.currentDirectoryURL = URL(fileURLWithPath: workingDirectory)
        let inputPath = try folder.write(input, to: "stdin")
        let outputPath = try folder.write("", to: "stdout")
        let errorPath = try folder.write("", to: "stderr")
        process.standardInput = FileHandle(forReadingAtPath: inputPath)
        process.standardOutput = FileHandle(forWritingAtPath: outputPath)
        process.standardError = FileHandle(forWritingAtPath: errorPath)
        try process.run()
        let deadline = ContinuousClock.now + .milliseconds(Int(timeout * 1000))
        try await whileRunning?(
            Running(processIdentifier: process.processIdentifier, outputPath: outputPath, deadline: deadline))
        while process.isRunning {
            if ContinuousClock.now > deadline {
                process.terminate()
                process.waitUntilExit()
                throw Failure(description: "shop \(arguments) did not finish within \(timeout) s")
            }
            try await Task.sleep(for: .milliseconds(2))
        }
        let status =
            process.terminationReason == .uncaughtSignal ? 128 + process.terminationStatus : process.terminationStatus
        return Result(
            status: status,
            standardOutput: (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? "",
            standardError: (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? "")
    }
}
