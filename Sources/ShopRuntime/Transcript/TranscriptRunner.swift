import ShopLanguage
import ShopPluginAPI

/// Runs a `.shopscript` as a transcript test: each step's output is checked against its
/// `#>` lines, in a fresh session with a fixed environment.
///
/// The environment: clock `2026-01-15T10:00:00Z` (unless given), width 80, no colour, no
/// animation, a temporary state folder, history in memory.
public enum TranscriptRunner {
    /// `2026-01-15T10:00:00Z`, the clock of every transcript unless `--now` says otherwise.
    public static let defaultNow: Double = 1_768_471_200

    /// What a transcript run needs besides the file.
    public struct Settings: Sendable {
        /// The plugins of each fresh session.
        public var plugins: [any Plugin]
        /// The host's further plugins, read when a session first needs one (the registered
        /// outside ones).
        public var morePlugins: (@Sendable () -> [any Plugin])?
        /// The fixed clock, in seconds since 1970.
        public var now: Double
        /// A clock that replaces the fixed one (a handout's real clock).
        public var clock: SessionClock?
        /// Whether to rewrite the file's `#>` blocks from the actual output.
        public var update: Bool
        /// How long one file may run, in seconds (nil: no limit).
        public var timeout: Double?
        /// The process environment (for `TMPDIR`).
        public var processEnvironment: [String: String]
        /// A folder the caller created and removes afterwards; each file's state folder is a
        /// new path inside it, created only if a command writes there. Without it, each file
        /// gets a temporary folder of its own.
        public var scratchDirectory: String?
        /// Commands the executable adds to the core's (`plugin …`).
        public var hostCommands: [any Command]
        /// How each session reaches HTTP servers (a transcript may switch news to a URL).
        public var http: any HTTPTransport = NoHTTPTransport()
        /// The commands, built once for every file.
        let registry: CommandRegistry?

        /// What the sessions' commands read their words as: how to parse a script they run
        /// (see ``Session/parse(_:file:)``).
        public var syntax: (any CallSyntax)? { registry?.syntax }

        public init(
            plugins: [any Plugin], now: Double = TranscriptRunner.defaultNow, update: Bool = false,
            timeout: Double? = nil, processEnvironment: [String: String] = [:], scratchDirectory: String? = nil,
            hostCommands: [any Command] = [],
            morePlugins: (@Sendable () -> [any Plugin])? = nil
        ) {
            self.plugins = plugins
            self.morePlugins = morePlugins
            self.now = now
            self.update = update
            self.timeout = timeout
            self.processEnvironment = processEnvironment
            self.scratchDirectory = scratchDirectory
            self.hostCommands = hostCommands
            self.registry = try? CoreCommands.registry(
                plugins: plugins, hostCommands: hostCommands, morePlugins: morePlugins)
        }
    }

    /// Checks (or, with `update`, rewrites) the script at `path`, shown as `name`; with a
    /// ``Settings/timeout``, a file still running after it is stopped and fails.
    public static func run(path: String, name: String, settings: Settings) async -> TranscriptResult {
        guard let timeout = settings.timeout else {
            return await check(path: path, name: name, settings: settings, progress: TranscriptProgress())
        }
        return await run(path: path, name: name, settings: settings, timeout: timeout)
    }

    /// Checks the script without a time limit, telling `progress` which step runs.
    static func check(path: String, name: String, settings: Settings, progress: TranscriptProgress) async
        -> TranscriptResult
    {
        let bytes: [UInt8]
        do {
            bytes = try FileSystem.read(path)
        } catch {
            return TranscriptResult(name: name, status: .failed, report: "error: \(error)")
        }
        let script: Script
        do {
            script = Parser.parse(
                try ScriptSource.text(of: bytes, name: name), file: name, syntax: settings.syntax)
        } catch {
            return TranscriptResult(name: name, status: .failed, report: "error: \(error)")
        }
        guard !script.hasErrors else {
            let lines = script.diagnostics.map { "error: \($0)" }
            return TranscriptResult(name: name, status: .failed, report: lines.joined(separator: "\n"))
        }
        let checks: [StepCheck]
        do {
            checks = try await execute(script, path: path, settings: settings, progress: progress)
        } catch {
            return TranscriptResult(name: name, status: .failed, report: "error: \(name): \(error)")
        }
        let failures = checks.filter { !$0.passed }
        guard settings.update else {
            let report = failures.map { $0.diff(file: name) }.joined(separator: "\n")
            return TranscriptResult(name: name, status: failures.isEmpty ? .passed : .failed, report: report)
        }
        guard !failures.isEmpty else { return TranscriptResult(name: name, status: .passed, report: "") }
        let text = rewrite(String(decoding: bytes, as: UTF8.self), checks: checks)
        do {
            try FileSystem.writeAtomically(Array(text.utf8), to: path, named: name, followingLinks: true)
        } catch {
            return TranscriptResult(
                name: name, status: .failed, report: "error: cannot update '\(name)': \(error.reason)")
        }
        return TranscriptResult(name: name, status: .updated, report: updateReport(failures, file: name))
    }

    /// What `--update` did: how many blocks it rewrote, and each block that now expects an
    /// error, so an error written in as expected output is seen, not silently accepted.
    private static func updateReport(_ rewritten: [StepCheck], file: String) -> String {
        var lines = ["rewrote \(rewritten.count) block\(rewritten.count == 1 ? "" : "s")"]
        for check in rewritten where check.expectsError {
            let error = check.actual.first { $0.hasPrefix("error:") } ?? ""
            lines.append("\(file):\(check.step.location.line): \(check.step.source)")
            lines.append("   now expects \(error)")
        }
        return lines.joined(separator: "\n")
    }

    /// `source` with every step's `#>` block made to match what the steps print in the test
    /// environment (for `history save --outputs`).
    public static func updated(_ script: Script, source: String, path: String, plugins: [any Plugin]) async -> String {
        let settings = Settings(plugins: plugins)
        guard let checks = try? await execute(script, path: path, settings: settings, progress: TranscriptProgress())
        else {
            return source
        }
        return rewrite(source, checks: checks)
    }

    // MARK: Running

    /// Runs every step in a fresh session and compares its output with its expectations.
    private static func execute(
        _ script: Script, path: String, settings: Settings, progress: TranscriptProgress
    ) async throws -> [StepCheck] {
        let steps = script.steps
        let expectations = try steps.map { step throws(TranscriptError) in try ExpectedOutput(step.expectations) }
        return try zip(
            try await outputs(of: script, steps: steps, path: path, settings: settings, progress: progress),
            expectations
        )
        .map { output, expected throws(TranscriptError) in
            try StepCheck(step: output.step, expected: expected, actual: output.lines)
        }
    }

    /// Every step of `script` (at `path`) with the lines it printed, stdout and stderr in order,
    /// ANSI stripped: run in a fresh session with the transcript environment, up to an `exit`.
    ///
    /// What `shop test` checks and `shop demo --handout` writes down.
    public static func outputs(of script: Script, path: String, settings: Settings) async throws
        -> [(step: Step, lines: [String])]
    {
        try await outputs(of: script, path: path, settings: settings, progress: TranscriptProgress())
    }

    /// ``outputs(of:path:settings:)``, telling `progress` which step runs; `steps` are the
    /// script's, when the caller has them already.
    static func outputs(
        of script: Script, steps: [Step]? = nil, path: String, settings: Settings, progress: TranscriptProgress
    ) async throws -> [(step: Step, lines: [String])] {
        let stateDirectory: String
        if let scratch = settings.scratchDirectory {
            stateDirectory = scratch + "/" + String(UInt64.random(in: 0...UInt64.max), radix: 36)
        } else {
            stateDirectory = try FileSystem.makeTemporaryDirectory(
                prefix: "shop-test", environment: settings.processEnvironment)
        }
        defer { if settings.scratchDirectory == nil { FileSystem.removeTree(stateDirectory) } }
        let output = CapturedOutput()
        var environment = SessionEnvironment.fixed(
            now: settings.now, stateDirectory: stateDirectory, workingDirectory: FilePath.directory(of: path),
            http: settings.http)
        if let clock = settings.clock { environment.clock = clock }
        let session = try Session(
            configuration: SessionConfiguration(
                plugins: settings.plugins, environment: environment, output: output, sessionID: "transcript",
                showsErrorLocations: false, hostCommands: settings.hostCommands,
                morePlugins: settings.morePlugins),
            registry: settings.registry)
        try await session.bindDefaults(of: script)
        var outputs: [(step: Step, lines: [String])] = []
        for step in steps ?? script.steps {
            progress.running(step)
            _ = await session.run(step: step)
            progress.running(nil)
            outputs.append((step, TerminalText.lines(of: output.take())))
            if await session.exitRequest != nil { break }
        }
        await session.end()
        return outputs
    }

    // MARK: Rewriting

    /// `source` with the `#>` lines of every failed check replaced by its new block.
    private static func rewrite(_ source: String, checks: [StepCheck]) -> String {
        // Lines split at each line feed (a "\r\n" Character would hide one); a file with
        // Windows line ends gets them on its new lines too.
        var lines = source.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map {
            String(String.UnicodeScalarView($0))
        }
        let endsWithNewline = source.utf8.last == UInt8(ascii: "\n")
        if endsWithNewline { lines.removeLast() }
        let lineEnd = lines.first?.unicodeScalars.last == "\r" ? "\r" : ""
        for check in checks.reversed() where !check.passed {
            let oldLines = check.step.expectations.map(\.line)
            let insertAt = oldLines.first.map { $0 - 1 } ?? check.step.endLine
            for line in oldLines.reversed() where line - 1 < lines.count {
                lines.remove(at: line - 1)
            }
            lines.insert(contentsOf: check.newBlock.map { $0 + lineEnd }, at: min(insertAt, lines.count))
        }
        return lines.joined(separator: "\n") + (endsWithNewline ? "\n" : "")
    }
}
