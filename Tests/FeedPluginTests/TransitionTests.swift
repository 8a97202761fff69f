import ShopPluginAPI
import ShopRendering
import ShopRuntime
import ShopTestSupport
import Testing

@testable import FeedPlugin

@Suite struct TransitionTests {
    static let card = CellRect(column: 0, row: 10, width: 80, height: 6)

    static func frames(style: TerminalStyle = FeedFixtures.trueColor) -> TransitionFrames {
        TransitionFrames(
            card: card, screen: (80, 24), color: FeedColor.fallback, title: "Pixel Art for Beginners", style: style)
    }

    /// The rows a frame draws: each cursor move (1-based row and column) and the text after it,
    /// without escape sequences.
    static func rows(of frame: String) -> [(row: Int, column: Int, text: String)] {
        let scalars = Array(frame.unicodeScalars)
        var rows: [(row: Int, column: Int, text: String)] = []
        var index = 0
        while index < scalars.count {
            guard scalars[index] == "\u{1B}", index + 1 < scalars.count, scalars[index + 1] == "[" else {
                if !rows.isEmpty { rows[rows.count - 1].text.unicodeScalars.append(scalars[index]) }
                index += 1
                continue
            }
            var end = index + 2
            while end < scalars.count, !(0x40...0x7E).contains(scalars[end].value) { end += 1 }
            let parameters = String(String.UnicodeScalarView(scalars[(index + 2)..<min(end, scalars.count)]))
            let numbers = parameters.split(separator: ";").compactMap { Int($0) }
            if end < scalars.count, scalars[end] == "H", numbers.count == 2 {
                rows.append((numbers[0], numbers[1], ""))
            }
            index = end + 1
        }
        return rows
    }

    @Test("the whole transition lasts under 400 ms")
    func duration() {
        #expect(TransitionFrames.duration < 0.4)
        #expect(TransitionFrames.frameCount >= 6 && TransitionFrames.frameCount <= 10)
    }

    @Test("opening grows the card from its place to the whole screen, never shrinking")
    func opening() {
        let rects = Self.frames().rectangles(.open)
        #expect(rects.count == TransitionFrames.frameCount)
        #expect(rects.first == Self.card)
        #expect(rects.last == CellRect(column: 0, row: 0, width: 80, height: 24))
        for (previous, next) in zip(rects, rects.dropFirst()) {
            #expect(next.width >= previous.width && next.height >= previous.height)
            #expect(next.row <= previous.row)
        }
        // Ease-out: the first step covers more ground than the last.
        #expect(rects[1].height - rects[0].height > rects[7].height - rects[6].height)
    }

    @Test("closing shrinks the page back to the card's place")
    func closing() {
        let rects = Self.frames().rectangles(.close)
        #expect(rects.first == CellRect(column: 0, row: 0, width: 80, height: 24))
        #expect(rects.last == Self.card)
    }

    @Test("every frame clears the screen and draws the rectangle's rows at their places, inside the screen")
    func frameText() {
        let frames = Self.frames()
        for (rect, frame) in zip(frames.rectangles(.open), frames.frames(.open)) {
            #expect(frame.hasPrefix("\u{1B}[H\u{1B}[2J"))
            let rows = Self.rows(of: frame)
            #expect(rows.map(\.row) == Array((rect.row + 1)...(rect.row + rect.height)))
            #expect(rows.allSatisfy { $0.column == rect.column + 1 && DisplayWidth.of($0.text) == rect.width })
            #expect(rect.row + rect.height <= 24 && rect.column + rect.width <= 80)
            #expect(rows[rect.height / 2].text.contains("Pixel Art for Beginners"))
        }
    }

    @Test("without colour the frames are outlined boxes, with no colour codes")
    func outlinedFrames() {
        let frames = Self.frames(style: .plain).frames(.close)
        for frame in frames {
            let rows = Self.rows(of: frame)
            #expect(rows.first?.text.hasPrefix("╭") == true && rows.last?.text.hasSuffix("╯") == true)
            // Only the clearing (two sequences) and one cursor move per row: no colour codes.
            #expect(frame.unicodeScalars.filter { $0 == "\u{1B}" }.count == 2 + rows.count)
        }
    }

    @Test("a card below the screen's bottom is drawn where the end of the list is")
    func placement() {
        // 7 cards at 80 columns: 51 lines, so the top 28 scrolled away on a 24-row screen.
        #expect(
            FeedTransition.placement(ofCard: 6, cardCount: 7, screen: (80, 24))
                == CellRect(column: 0, row: 17, width: 80, height: 6))
        #expect(
            FeedTransition.placement(ofCard: 0, cardCount: 7, screen: (80, 24))
                == CellRect(column: 0, row: 0, width: 80, height: 6))
        // Two columns at 120: 30 lines fit on 40 rows.
        #expect(
            FeedTransition.placement(ofCard: 3, cardCount: 7, screen: (120, 40))
                == CellRect(column: 61, row: 10, width: 59, height: 6))
    }

    @Test("the player shows every frame in the alternate screen and restores the terminal")
    func player() {
        let terminal = FakeTerminal()
        let frames = Self.frames().frames(.open)
        #expect(TransitionPlayer.play(frames, on: terminal) == frames.count)
        #expect(terminal.writes == [TransitionPlayer.enter] + frames + [TransitionPlayer.leave])
        #expect(terminal.waits == Array(repeating: TransitionFrames.frameDuration, count: frames.count))
        #expect(terminal.waits.reduce(0, +) < 0.4)
    }

    @Test("any key skips the rest of the transition")
    func skip() {
        let terminal = FakeTerminal(keyOnWait: 3)
        let frames = Self.frames().frames(.open)
        #expect(TransitionPlayer.play(frames, on: terminal) == 3)
        #expect(terminal.writes == [TransitionPlayer.enter] + frames.prefix(3) + [TransitionPlayer.leave])
    }

    /// A session at a terminal, as the REPL would make it.
    static func session(
        terminal: FakeTerminal, animations: Bool = true, interactive: Bool = true
    ) throws -> (Session, CapturedOutput) {
        let folder = try FileSystem.makeTemporaryDirectory(prefix: "feed-terminal", environment: [:])
        let environment = SessionEnvironment(
            clock: .fixed(at: TranscriptRunner.defaultNow), width: { terminal.size.columns }, style: .plain,
            isInteractive: interactive, animations: animations, stateDirectory: folder, workingDirectory: folder,
            terminal: terminal)
        let output = CapturedOutput()
        let session = try Session(
            configuration: SessionConfiguration(
                plugins: [FeedPlugin()], environment: environment, output: output, showsErrorLocations: false))
        return (session, output)
    }

    @Test("at a terminal, open and close animate before the page and the list are printed as usual")
    func animatesAtTerminal() async throws {
        let terminal = FakeTerminal()
        let (session, output) = try Self.session(terminal: terminal)
        _ = await session.run("feed open 2", file: nil, path: nil, policy: .stopAtFirstFailure)
        let page = output.take()
        #expect(terminal.writes.count == TransitionFrames.frameCount + 2)
        #expect(terminal.writes.first == TransitionPlayer.enter && terminal.writes.last == TransitionPlayer.leave)
        let plain = try TestSession(plugins: [FeedPlugin()])
        #expect(page == (await plain.run("feed open 2")))
        _ = await session.run("feed close", file: nil, path: nil, policy: .stopAtFirstFailure)
        #expect(terminal.writes.count == 2 * (TransitionFrames.frameCount + 2))
        #expect(output.take() == (await plain.run("feed close")))
    }

    @Test(
        "no animation with --no-animation, with animations off, outside a terminal, in scripts, or on errors",
        arguments: [
            (true, true, "feed open 2 --no-animation; feed close --no-animation", nil as String?),
            (false, true, "feed open 2; feed close", nil),
            (true, false, "feed open 2; feed close", nil),
            (true, true, "feed open 2; feed close", "/tmp/tour.shopscript"),
            (true, true, "feed open 99; feed close", nil),
        ])
    func noAnimation(animations: Bool, interactive: Bool, commands: String, scriptPath: String?) async throws {
        let terminal = FakeTerminal()
        let (session, _) = try Self.session(terminal: terminal, animations: animations, interactive: interactive)
        _ = await session.run(
            commands, file: scriptPath.map { _ in "tour.shopscript" }, path: scriptPath, policy: .keepGoing)
        #expect(terminal.writes.isEmpty)
    }
}
