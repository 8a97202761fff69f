import HTTPTransport
import NewsPlugin
import ShopPluginAPI
import ShopRuntime
import ShopTestSupport
import Testing

/// A slow load shows a spinner at the prompt, and only there.
@Suite struct NewsSpinnerTests {
    /// A session as the REPL has it (interactive, animations on unless told) drawing on `terminal`.
    private func session(_ terminal: RecordingTerminal, interactive: Bool = true) throws -> (Session, CapturedOutput) {
        let folder = try FileSystem.makeTemporaryDirectory(prefix: "news-spinner", environment: [:])
        let output = CapturedOutput()
        let environment = SessionEnvironment(
            clock: .fixed(at: TranscriptRunner.defaultNow), isInteractive: interactive, animations: true,
            stateDirectory: folder, workingDirectory: folder, terminal: terminal, http: CurlTransport())
        let session = try Session(
            configuration: SessionConfiguration(
                plugins: [NewsPlugin()], environment: environment, output: output, showsErrorLocations: false))
        return (session, output)
    }

    @Test func aSlowLoadSpinsUntilTheAnswerThenErasesItsLine() async throws {
        try await withFixtureServer { server in
            server.setFault(.delay(60), forPath: "/api/news/1/15")
            let terminal = RecordingTerminal()
            let (session, output) = try session(terminal)
            _ = await session.run("news source \(server.baseURL)", file: nil, path: nil, policy: .stopAtFirstFailure)
            _ = output.take()
            let load = Task {
                await session.run("news list | count", file: nil, path: nil, policy: .stopAtFirstFailure)
            }
            let started = ContinuousClock.now
            while !terminal.text.contains("loading news from \(server.baseURL)…"),
                ContinuousClock.now - started < .seconds(120)
            {
                try await Task.sleep(for: .milliseconds(20))
            }
            #expect(terminal.text.hasPrefix("\r⠋ loading news from \(server.baseURL)…"))
            server.releaseDelays()
            _ = await load.value
            #expect(terminal.text.hasSuffix("\r\u{1B}[2K"), "the line is erased before the result")
            #expect(output.take() == "15\n")
        }
    }

    @Test func aQuickLoadShowsNoSpinner() async throws {
        let terminal = RecordingTerminal()
        let (session, output) = try session(terminal)
        _ = await session.run("news list | count", file: nil, path: nil, policy: .stopAtFirstFailure)
        #expect(output.take() == "15\n")
        #expect(terminal.text == "")
    }

    @Test func scriptsNeverSpin() async throws {
        try await withFixtureServer { server in
            server.setFault(.delay(0.6), forPath: "/api/news/1/15")
            let terminal = RecordingTerminal()
            let (session, output) = try session(terminal, interactive: false)
            _ = await session.run(
                "news source \(server.baseURL); news list | count", file: nil, path: nil, policy: .stopAtFirstFailure)
            #expect(output.take().hasSuffix("15\n"))
            #expect(terminal.text == "")
        }
    }
}
