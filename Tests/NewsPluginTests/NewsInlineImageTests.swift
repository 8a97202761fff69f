import Foundation
import NewsPlugin
import ShopPluginAPI
import ShopRuntime
import ShopTestSupport
import Testing

/// Pictures drawn inline on a terminal that speaks an image protocol, and only there. The
/// plugin tells the protocol from the environment itself: the host knows no image protocol.
@Suite struct NewsInlineImageTests {
    private func run(_ command: String, on terminal: RecordingTerminal, interactive: Bool = true) async throws
        -> String
    {
        let folder = try FileSystem.makeTemporaryDirectory(prefix: "news-inline", environment: [:])
        defer { FileSystem.removeTree(folder) }
        let output = CapturedOutput()
        let environment = SessionEnvironment(
            clock: .fixed(at: TranscriptRunner.defaultNow), isInteractive: interactive, animations: true,
            stateDirectory: folder, workingDirectory: folder, variables: terminal.variables, terminal: terminal)
        let session = try Session(
            configuration: SessionConfiguration(
                plugins: [NewsPlugin()], environment: environment, output: output, showsErrorLocations: false))
        _ = await session.run(command, file: nil, path: nil, policy: .stopAtFirstFailure)
        return output.take()
    }

    @Test func aKittyTerminalGetsThePictureBeforeTheLine() async throws {
        let terminal = RecordingTerminal(imageProtocol: "kitty")
        let printed = try await run("news image 1", on: terminal)
        #expect(printed.hasPrefix("news 1: PNG 48×32, 239 bytes, embedded ("))
        let drawn = terminal.text
        #expect(drawn.hasPrefix("\u{1B}_Ga=T,f=100,c=40,m=0;iVBORw0KGgo"))
        #expect(drawn.hasSuffix("\u{1B}\\\n"))
    }

    @Test func anITermTerminalGetsAnyFormat() async throws {
        let terminal = RecordingTerminal(imageProtocol: "iterm2")
        _ = try await run("news image 5", on: terminal)  // a JPEG
        #expect(terminal.text.hasPrefix("\u{1B}]1337;File=inline=1;size="))
    }

    @Test func kittyShowsNoJPEGAndTheLineStillComes() async throws {
        let terminal = RecordingTerminal(imageProtocol: "kitty")
        let printed = try await run("news image 5", on: terminal)
        #expect(printed.hasPrefix("news 5: JPEG "))
        #expect(terminal.text == "")
    }

    @Test func withoutAProtocolOrOutsideTheREPLNothingIsDrawn() async throws {
        let plain = RecordingTerminal(imageProtocol: nil)
        _ = try await run("news image 1", on: plain)
        #expect(plain.text == "")
        let kitty = RecordingTerminal(imageProtocol: "kitty")
        _ = try await run("news image 1", on: kitty, interactive: false)
        #expect(kitty.text == "")
    }
}
