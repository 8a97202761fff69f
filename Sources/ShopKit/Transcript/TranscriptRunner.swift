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
        /// The fixed clock, in seconds since 1970.
        public var now: Double
        /// Whether to rewrite the file's `#>` blocks from the actual output.
        public var update: Bool
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

        public init(
            plugins: [any Plugin], now: Double = TranscriptRunner.defaultNow, update: Bool = false,
            processEnvironment: [String: String] = [:], scratchDirectory: String? = nil,
            hostCommands: [any Command] = []
        ) {
            self.plugins = plugins
            self.now = now
            self.update = update
            self.processEnvironment = processEnvironment
            self.scratchDirectory = scratchDirectory
            self.hostCommands = hostCommands
            self.registry = try? CommandRegistry(
                core: CoreCommands.all + hostCommands, coreDefaults: CoreCommands.groupDefaults, plugins: plugins)
        }
    }

    /// Checks (or, with `update`, rewrites) the script at `path`, shown as `name`.
    public static func run(path: String, name: String, settings: Settings) async -> TranscriptResult {
        let bytes: [UInt8]
        do {
            bytes = try FileSystem.read(path)
        } catch {
            return TranscriptResult(name: name, passed: false, report: "error: \(error)")
        }
        let script: Script
        do {
            script = Parser.parse(try ScriptSource.text(of: bytes, name: name), file: name)
        } catch {
            return TranscriptResult(name: name, passed: false, report: "error: \(error)")
        }
        guard !script.hasErrors else {
            let lines = script.diagnostics.map { "error: \($0)" }
            return TranscriptResult(name: name, passed: false, report: lines.joined(separator: "\n"))
        }
        let checks: [StepCheck]
        do {
            checks = try await execute(script, path: path, settings: settings)
        } catch {
            return TranscriptResult(name: name, passed: false, report: "error: \(name): \(error)")
        }
        let failures = checks.filter { !$0.passed }
        guard settings.update else {
            let report = failures.map { $0.diff(file: name) }.joined(separator: "\n")
            return TranscriptResult(name: name, passed: failures.isEmpty, report: report)
        }
        guard !failures.isEmpty else { return TranscriptResult(name: name, passed: true, report: "") }
        guard !FileSystem.isReadOnly(path) else {
            return TranscriptResult(
                name: name, passed: false, report: "error: cannot update '\(name)': the file is read-only")
        }
        let text = rewrite(String(decoding: bytes, as: UTF8.self), checks: checks)
        do {
            try FileSystem.writeAtomically(Array(text.utf8), to: path)
        } catch {
            return TranscriptResult(name: name, passed: false, report: "error: \(error)")
        }
        return TranscriptResult(name: name, passed: true, report: "updated \(failures.count) block(s)")
    }

    /// `source` with every step's `#>` block made to match what the steps print in the test
    /// environment (for `history save --outputs`).
    public static func updated(_ script: Script, source: String, path: String, plugins: [any Plugin]) async -> String {
        guard let checks = try? await execute(script, path: path, settings: Settings(plugins: plugins)) else {
            return source
        }
        return rewrite(source, checks: checks)
    }

    // MARK: Running

    /// Runs every step in a fresh session and compares its output with its expectations.
    private static func execute(_ script: Script, path: String, settings: Settings) async throws -> [StepCheck] {
        let expectations = try script.steps.map { step throws(TranscriptError) in try ExpectedOutput(step.expectations)
        }
        return zip(try await outputs(of: script, path: path, settings: settings), expectations).map {
            StepCheck(step: $0.step, expected: $1, actual: $0.lines)
        }
    }

    /// Every step of `script` (at `path`) with the lines it printed, stdout and stderr in order,
    /// ANSI stripped: run in a fresh session with the transcript environment, up to an `exit`.
    ///
    /// What `shop test` checks and `shop demo --handout` writes down.
    public static func outputs(of script: Script, path: String, settings: Settings) async throws
        -> [(step: Step, lines: [String])]
    {
        let stateDirectory: String
        if let scratch = settings.scratchDirectory {
            stateDirectory = scratch + "/" + String(UInt64.random(in: 0...UInt64.max), radix: 36)
        } else {
            stateDirectory = try FileSystem.makeTemporaryDirectory(
                prefix: "shop-test", environment: settings.processEnvironment)
        }
        defer { if settings.scratchDirectory == nil { FileSystem.removeTree(stateDirectory) } }
        let output = CapturedOutput()
        let environment = SessionEnvironment(
            clock: .fixed(at: settings.now), width: { 80 }, style: .plain, isInteractive: false, animations: false,
            stateDirectory: stateDirectory, workingDirectory: FilePath.directory(of: path),
            variables: ["HOME": stateDirectory, "TMPDIR": stateDirectory], http: settings.http)
        let session = try Session(
            configuration: SessionConfiguration(
                plugins: settings.plugins, environment: environment, output: output, sessionID: "transcript",
                showsErrorLocations: false, hostCommands: settings.hostCommands),
            registry: settings.registry)
        var outputs: [(step: Step, lines: [String])] = []
        for step in script.steps {
            _ = await session.run(step: step)
            outputs.append((step, TerminalText.lines(of: output.take())))
            if await session.exitRequest != nil { break }
        }
        await session.end()
        return outputs
    }

    // MARK: Rewriting

    /// `source` with the `#>` lines of every failed check replaced by its new block.
    private static func rewrite(_ source: String, checks: [StepCheck]) -> String {
        var lines = source.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let endsWithNewline = source.hasSuffix("\n")
        if endsWithNewline { lines.removeLast() }
        for check in checks.reversed() where !check.passed {
            let oldLines = check.step.expectations.map(\.line)
            let insertAt = oldLines.first.map { $0 - 1 } ?? check.step.endLine
            for line in oldLines.reversed() where line - 1 < lines.count {
                lines.remove(at: line - 1)
            }
            lines.insert(contentsOf: check.newBlock, at: min(insertAt, lines.count))
        }
        return lines.joined(separator: "\n") + (endsWithNewline ? "\n" : "")
    }
}

/// The outcome of one transcript file.
public struct TranscriptResult: Sendable, Equatable {
    /// The file as named on the command line.
    public var name: String
    /// Whether every step printed what was expected (or the file was updated).
    public var passed: Bool
    /// The diff of every mismatch, an error, or what `--update` did.
    public var report: String

    public init(name: String, passed: Bool, report: String) {
        self.name = name
        self.passed = passed
        self.report = report
    }
}

/// One step's expected and actual output.
struct StepCheck {
    let step: Step
    let expected: ExpectedOutput
    let actual: [String]

    var passed: Bool { expected.matches(actual) }

    /// The `#>` lines to write: the old ones that still match at their place, the actual
    /// text elsewhere.
    var newBlock: [String] {
        actual.enumerated().map { index, line in
            if index < expected.lines.count, !expected.isAnyLines(index), expected.lineMatches(index, line) {
                let old = expected.lines[index].text
                return old.isEmpty ? "#>" : "#> " + old
            }
            return ExpectedOutput.literalLine(for: line)
        }
    }

    /// A readable diff: `-` expected lines with their line numbers, `+` actual lines.
    func diff(file: String) -> String {
        var lines = ["\(file):\(step.location.line): \(step.source)"]
        for entry in align() {
            switch entry {
            case .same(let index, let actualIndex):
                lines.append("   \(pad(expected.lines[index].line)) | \(actual[actualIndex])")
            case .expectedOnly(let index):
                lines.append(" - \(pad(expected.lines[index].line)) | \(expected.lines[index].text)")
            case .actualOnly(let index): lines.append(" + \(pad(nil)) | \(actual[index])")
            }
        }
        if expected.lines.isEmpty && !actual.isEmpty {
            lines.insert("   (expected no output)", at: 1)
        }
        return lines.joined(separator: "\n")
    }

    private func pad(_ number: Int?) -> String {
        let text = number.map(String.init) ?? ""
        return String(repeating: " ", count: max(0, 4 - text.count)) + text
    }

    private enum Alignment {
        case same(Int, Int)
        case expectedOnly(Int)
        case actualOnly(Int)
    }

    /// A longest-common-subsequence alignment of expected and actual lines.
    private func align() -> [Alignment] {
        let rows = expected.lines.count
        let columns = actual.count
        var table = Array(repeating: Array(repeating: 0, count: columns + 1), count: rows + 1)
        for row in stride(from: rows - 1, through: 0, by: -1) {
            for column in stride(from: columns - 1, through: 0, by: -1) {
                table[row][column] =
                    expected.lineMatches(row, actual[column])
                    ? table[row + 1][column + 1] + 1 : max(table[row + 1][column], table[row][column + 1])
            }
        }
        var result: [Alignment] = []
        var (row, column) = (0, 0)
        while row < rows || column < columns {
            if row < rows, column < columns, expected.lineMatches(row, actual[column]) {
                result.append(.same(row, column))
                row += 1
                column += 1
            } else if row < rows, column == columns || table[row + 1][column] >= table[row][column + 1] {
                result.append(.expectedOnly(row))
                row += 1
            } else {
                result.append(.actualOnly(column))
                column += 1
            }
        }
        return result
    }
}
