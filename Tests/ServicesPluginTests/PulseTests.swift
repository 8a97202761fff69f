import ShopPluginAPI
import ShopRuntime
import ShopTestSupport
import Synchronization
import Testing

@testable import ServicesPlugin

@Suite struct PulseTests {
    private func session(terminal: RecordingTerminal, animations: Bool) throws -> (Session, CapturedOutput) {
        let output = CapturedOutput()
        let environment = SessionEnvironment(
            clock: .fixed(at: 0), isInteractive: true, animations: animations, stateDirectory: "/tmp",
            workingDirectory: "/tmp", terminal: terminal)
        let session = try Session(
            configuration: SessionConfiguration(
                plugins: [ServicesPlugin()], environment: environment, output: output, showsErrorLocations: false))
        return (session, output)
    }

    @Test func selectingAtATerminalPulsesTheCheckmarkThenPrintsTheMessage() async throws {
        let terminal = RecordingTerminal()
        let (session, output) = try session(terminal: terminal, animations: true)
        _ = await session.run("services select 1", file: nil, path: nil, policy: .keepGoing)
        let frames = terminal.drawn.withLock { $0 }
        #expect(frames.count == CheckmarkPulse.frames.count + 1)
        #expect(frames.first == "\r✓ selected Window cleaning (1 500 ₽)")
        #expect(frames[1] == "\r  selected Window cleaning (1 500 ₽)")
        #expect(frames.last == "\r\u{1B}[2K")
        #expect(output.take() == "✓ selected Window cleaning (1 500 ₽)\n")
    }

    @Test func deselectingAndScriptsAndNoAnimationNeverAnimate() async throws {
        let terminal = RecordingTerminal()
        let (session, _) = try session(terminal: terminal, animations: true)
        _ = await session.run("services select 1", file: nil, path: nil, policy: .keepGoing)
        terminal.drawn.withLock { $0 = [] }
        _ = await session.run(
            "services deselect 1; services toggle 2", file: "x.shopscript", path: "/tmp/x.shopscript",
            policy: .keepGoing)
        #expect(terminal.drawn.withLock { $0 }.isEmpty)

        let quiet = RecordingTerminal()
        let (still, _) = try self.session(terminal: quiet, animations: false)
        _ = await still.run("services select 1", file: nil, path: nil, policy: .keepGoing)
        #expect(quiet.drawn.withLock { $0 }.isEmpty)
    }

    @Test func testSessionsAndTranscriptsNeverAnimate() async throws {
        let shop = try ServicesShop()
        #expect(await shop.run("services select 1") == "✓ selected Window cleaning (1 500 ₽)\n")
    }
}
