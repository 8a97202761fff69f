import Glibc
import ShopLanguage
import ShopPluginAPI
import ShopRendering
import ShopRuntime
import ShopTestSupport
import Testing

@testable import FeedPlugin

@Suite struct BadInputTests {
    /// What a test compares before and after a failing command.
    struct Snapshot: Equatable {
        var open: String
        var units: String
        var checkpoint: Int
    }

    static func snapshot(of session: TestSession) async -> Snapshot {
        Snapshot(
            open: await session.json("feed.open"), units: await session.json("feed.units"),
            checkpoint: await session.session.checkpoint)
    }

    /// Runs `command` in a session where card 2 is open, expects exactly `error` on one line,
    /// and checks the state and the undo history are as they were.
    func expectFailure(
        _ command: String, _ error: String, workingDirectory: String? = nil,
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) async throws {
        let session = try TestSession(plugins: [FeedPlugin()], workingDirectory: workingDirectory)
        await session.run("feed open 2")
        let before = await Self.snapshot(of: session)
        let (outcome, printed) = await session.outcome(of: command)
        #expect(outcome.failures == 1, sourceLocation: sourceLocation)
        #expect(printed == "error: \(error)\n", sourceLocation: sourceLocation)
        #expect(await Self.snapshot(of: session) == before, sourceLocation: sourceLocation)
    }

    @Test(
        "a card number out of range is refused",
        arguments: [
            ("feed open 0", "no card 0: the feed has cards 1 to 7"),
            ("feed open 99", "no card 99: the feed has cards 1 to 7"),
            ("feed open -1", "no card -1: the feed has cards 1 to 7"),
            ("feed open -9223372036854775808", "no card -9223372036854775808: the feed has cards 1 to 7"),
            ("feed open 9223372036854775807", "no card 9223372036854775807: the feed has cards 1 to 7"),
            ("feed open abc", "feed open: N must be a whole number, got 'abc'"),
            ("feed open 1.5", "feed open: N must be a whole number, got 1.5"),
            ("feed open", "feed open: missing argument N (usage: feed open N [--no-animation])"),
            ("feed list 1", "feed list: unexpected argument '1' (usage: feed list)"),
            ("feed shut", "unknown feed command 'shut' (did you mean 'feed show'?)"),
        ])
    func badCardNumber(_ command: String, _ error: String) async throws {
        try await expectFailure(command, error)
    }

    @Test("feed load reads regular files only: a device or a FIFO is refused by its type, unread")
    func feedLoadOfADeviceOrFIFO() async throws {
        let folder = try FileSystemFolder(prefix: "feed-load")
        #expect(mkfifo(folder.path + "/fifo", 0o600) == 0)
        try await expectFailure(
            "feed load /dev/zero", "cannot read '/dev/zero': not a regular file (a character device)")
        try await expectFailure(
            "feed load fifo", "cannot read 'fifo': not a regular file (a FIFO)", workingDirectory: folder.path)
    }

    @Test("closing with nothing open is an error and changes nothing")
    func closeWithNothingOpen() async throws {
        let session = try TestSession(plugins: [FeedPlugin()])
        let before = await Self.snapshot(of: session)
        #expect(await session.run("feed close") == "error: no card is open (open one with 'feed open N')\n")
        #expect(await Self.snapshot(of: session) == before)
        await session.run("feed open 1; feed close")
        let closed = await Self.snapshot(of: session)
        #expect(await session.run("feed close") == "error: no card is open (open one with 'feed open N')\n")
        #expect(await Self.snapshot(of: session) == closed)
    }

    /// A one-card feed file with `color` and the card's fields replaced.
    static func feedFile(_ card: String) -> String {
        #"{"units": [{"title": "Fine", "subtitle": "Ok", "emoji": "🎨", "color": "blue", "details": []}, "#
            + card + "]}"
    }

    @Test(
        "a feed file that is not a feed names the file, the place and the problem",
        arguments: [
            (
                feedFile(#"{"subtitle": "S", "color": "blue", "details": []}"#),
                "cannot load 'feed.json': units[1]: missing field 'title'"
            ),
            (
                feedFile(#"{"title": "T", "subtitle": "S", "color": "blue"}"#),
                "cannot load 'feed.json': units[1]: missing field 'details'"
            ),
            (
                feedFile(#"{"title": "T", "subtitle": "S", "color": "blue", "details": [{"title": "U"}]}"#),
                "cannot load 'feed.json': units[1].details[0]: missing field 'paragraph'"
            ),
            (
                feedFile(#"{"title": "T", "subtitle": "S", "color": "pink", "details": []}"#),
                "cannot load 'feed.json': units[1].color: unknown colour 'pink' (use purple, green, yellow, orange, brown, blue or"
                    + " teal, or #RRGGBB)"
            ),
            (
                feedFile(##"{"title": "T", "subtitle": "S", "color": "#12GG56", "details": []}"##),
                "cannot load 'feed.json': units[1].color: unknown colour '#12GG56' (use purple, green, yellow, orange, brown, blue"
                    + " or teal, or #RRGGBB)"
            ),
            (
                feedFile(##"{"title": "T", "subtitle": "S", "color": "#FFF", "details": []}"##),
                "cannot load 'feed.json': units[1].color: unknown colour '#FFF' (use purple, green, yellow, orange, brown, blue or"
                    + " teal, or #RRGGBB)"
            ),
            (
                feedFile(#"{"title": "T", "subtitle": "S", "color": "tael", "details": []}"#),
                "cannot load 'feed.json': units[1].color: unknown colour 'tael' (did you mean 'teal'?)"
            ),
            (#"{"units": [}"#, "cannot load 'feed.json': unexpected '}' at units[0] (line 1, column 12)"),
            ("", "cannot load 'feed.json': unexpected end of JSON at the top level (line 1, column 1)"),
            (#"{"units": []}"#, "cannot load 'feed.json': units: a feed needs at least one card"),
            (#"{"feed": []}"#, "cannot load 'feed.json': missing field 'units'"),
            (
                feedFile(#"{"title": "T", "title": "U", "subtitle": "S", "color": "teal", "details": []}"#),
                "cannot load 'feed.json': duplicate key 'title' at units[1] (line 1, column 113)"
            ),
        ])
    func badFeedFile(_ contents: String, _ error: String) async throws {
        let path = try FeedFixtures.temporaryFile(named: "feed.json", containing: contents)
        try await expectFailure("feed load feed.json", error, workingDirectory: FilePath.directory(of: path))
    }

    @Test("a file that cannot be read is named as typed")
    func unreadableFile() async throws {
        let path = try FeedFixtures.temporaryFile(named: "feed.json", containing: "{}")
        let folder = FilePath.directory(of: path)
        try await expectFailure(
            "feed load missing.json", "cannot read 'missing.json': no such file", workingDirectory: folder)
        try await expectFailure("feed load .", "cannot read '.': is a folder", workingDirectory: folder)
    }

    @Test("escape sequences in a feed are shown inert, never sent to the terminal")
    func escapesAreInert() async throws {
        let card =
            #"{"title": "Red\u001b[31m alert\u0007", "subtitle": "\u001b]8;;x\u001b\\", "color": "blue", "#
            + #""details": [{"title": "T", "paragraph": "Clear\u001b[2J screen\r\nnext"}]}"#
        let path = try FeedFixtures.temporaryFile(named: "feed.json", containing: "[\(card)]")
        let session = try TestSession(plugins: [FeedPlugin()], style: FeedFixtures.trueColor)
        await session.run("feed load '\(path)'")
        let printed = await session.run("feed; feed open 1")
        let escapes = EscapeStripper.strip(printed)
        #expect(!escapes.unicodeScalars.contains("\u{1B}"))
        #expect(!escapes.unicodeScalars.contains("\u{07}"))
        #expect(printed.contains("Red␛[31m alert␇"))
        #expect(printed.contains("Clear␛[2J screen"))
        #expect(escapes.split(separator: "\n").allSatisfy { DisplayWidth.of($0) <= 80 })
    }
}
