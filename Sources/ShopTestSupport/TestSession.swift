import HTTPTransport
import ShopPluginAPI
import ShopRuntime

/// A session in the fixed environment transcripts run in (``SessionEnvironment/fixed(now:width:style:stateDirectory:workingDirectory:http:)``),
/// whose output the test reads line by line.
///
/// Clock `2026-01-15T10:00:00Z`, width 80 (unless given), no colour, no animation, history
/// in memory, errors without places (as at the prompt and in transcripts), real HTTP over
/// libcurl (to the loopback fixture server).
///
/// ```swift
/// let session = try TestSession(plugins: [ServicesPlugin()])
/// let printed = await session.run("services select 2; services confirm")
/// #expect(printed == "Selected: Window cleaning\n")
/// ```
public final class TestSession: Sendable {
    /// The session under test.
    public let session: Session
    /// Everything it printed since the last ``run(_:)`` or ``take()``.
    public let output = CapturedOutput()
    /// A temporary state folder, removed when the test session goes away.
    public let stateDirectory: String

    /// A session with `plugins`, and `morePlugins` read when first needed, in the test
    /// environment.
    public init(
        plugins: [any Plugin], morePlugins: (@Sendable () -> [any Plugin])? = nil, width: Int = 80,
        now: Double = TranscriptRunner.defaultNow, style: TerminalStyle = .plain, format: OutputFormat = .table,
        workingDirectory: String? = nil, showsErrorLocations: Bool = false
    ) throws {
        stateDirectory = try FileSystem.makeTemporaryDirectory(prefix: "shop-unit", environment: [:])
        let environment = SessionEnvironment.fixed(
            now: now, width: width, style: style, stateDirectory: stateDirectory,
            workingDirectory: workingDirectory ?? stateDirectory, http: CurlTransport())
        session = try Session(
            configuration: SessionConfiguration(
                plugins: plugins, environment: environment, output: output, format: format,
                showsErrorLocations: showsErrorLocations, morePlugins: morePlugins))
    }

    deinit {
        FileSystem.removeTree(stateDirectory)
    }

    /// Runs `text` as a script (lines, `;`, pipelines) and returns what it printed.
    @discardableResult
    public func run(_ text: String) async -> String {
        _ = await session.run(text, file: nil, path: nil, policy: .keepGoing)
        return output.take()
    }

    /// Runs `text` and returns its outcome with what it printed; `file` names it in messages.
    public func outcome(of text: String, file: String? = nil) async -> (outcome: RunOutcome, printed: String) {
        let outcome = await session.run(text, file: file, path: nil, policy: .stopAtFirstFailure)
        return (outcome, output.take())
    }

    /// The value of a variable or state key, as `state get` shows it in JSON.
    public func json(_ key: String) async -> String {
        await session.setFormat(.json)
        let printed = await run("state get \(key)")
        await session.setFormat(.table)
        return printed.hasSuffix("\n") ? String(printed.dropLast()) : printed
    }
}
