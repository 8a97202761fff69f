import ShopFormats
import ShopPluginAPI
import ShopRuntime
import ShopTestSupport
import ShopValues
import Testing

@testable import FeedPlugin

@Suite struct FeedCommandTests {
    @Test("every example in the feed commands' metadata runs in a fresh session")
    func examples() async throws {
        // The check runs the core's examples too; some of those need other plugins, so only the
        // feed's own are judged here.
        let failures = try await ExampleCheck.failures(plugins: [FeedPlugin()]).filter { $0.hasPrefix("feed ") }
        #expect(failures == [])
    }

    @Test("bare feed shows the list while no card is open, and the open page while one is")
    func bareFeed() async throws {
        let session = try TestSession(plugins: [FeedPlugin()])
        let list = await session.run("feed list")
        #expect(await session.run("feed") == list)
        #expect(await session.run("feed show") == list)
        let page = await session.run("feed open 3")
        #expect(page.hasPrefix("╭"))
        #expect(page.contains("QUICK TIP"))
        #expect(await session.run("feed") == page)
        #expect(await session.run("feed close") == list)
    }

    @Test("open sets feed.open, close clears it, and each is one undo step")
    func openCloseUndo() async throws {
        let session = try TestSession(plugins: [FeedPlugin()])
        await session.run("feed open 2")
        #expect(await session.json("feed.open") == "2")
        await session.run("feed open 5")
        #expect(await session.json("feed.open") == "5")
        await session.run("feed close")
        #expect(await session.json("feed.open") == "null")
        await session.run("undo")
        #expect(await session.json("feed.open") == "5")
        await session.run("undo")
        #expect(await session.json("feed.open") == "2")
        await session.run("undo")
        #expect(await session.json("feed.open") == "null")
    }

    @Test("opening the card that is open already adds no undo step")
    func reopen() async throws {
        let session = try TestSession(plugins: [FeedPlugin()])
        await session.run("feed open 2")
        let checkpoint = await session.session.checkpoint
        await session.run("feed open 2")
        #expect(await session.session.checkpoint == checkpoint)
    }

    @Test("values: the list of cards, the open card, a load summary")
    func values() async throws {
        let session = try TestSession(plugins: [FeedPlugin()], format: .json)
        let list = await session.run("feed list")
        #expect(list == JSONWriter.compact(.list(try FeedFixtures.embeddedCards.map(\.value))) + "\n")
        let card = await session.run("feed open 7")
        #expect(card == JSONWriter.compact(try FeedFixtures.embeddedCards[6].value) + "\n")
        #expect(await session.run("feed open 4 | get details | count") == "6\n")
        #expect(
            await session.run("feed list | where color == teal | get title") == #"["Make Your Terminal Sing"]"# + "\n")
        let path = try FeedFixtures.temporaryFile(named: "tricky.json", containing: FeedFixtures.trickyJSON)
        #expect(await session.run("feed load '\(path)'") == #"{"file":"\#(path)","cards":3,"details":3}"# + "\n")
    }

    @Test("feed load replaces the cards, closes the open card, and undo brings both back")
    func load() async throws {
        let session = try TestSession(plugins: [FeedPlugin()])
        let path = try FeedFixtures.temporaryFile(named: "tricky.json", containing: FeedFixtures.trickyJSON)
        await session.run("feed open 6")
        let before = await session.json("feed.units")
        #expect(await session.run("feed load '\(path)'") == "loaded 3 cards (3 detail units) from '\(path)'\n")
        #expect(await session.json("feed.open") == "null")
        #expect(try Value(json: await session.json("feed.units")) == .list(try FeedFixtures.trickyCards.map(\.value)))
        await session.run("undo")
        #expect(await session.json("feed.open") == "6")
        #expect(await session.json("feed.units") == before)
    }

    @Test("a relative path is read from the session's folder, and a bare list of cards loads too")
    func relativeLoad() async throws {
        let path = try FeedFixtures.temporaryFile(
            named: "cards.json",
            containing: #"[{"title": "Only", "subtitle": "One", "color": "green", "details": []}]"#)
        let session = try TestSession(plugins: [FeedPlugin()], workingDirectory: FilePath.directory(of: path))
        #expect(await session.run("feed load cards.json") == "loaded 1 card (0 detail units) from 'cards.json'\n")
        #expect(await session.run("feed open 2") == "error: no card 2: the feed has one card, number 1\n")
    }

    @Test(
        "Tab completes card numbers from the feed",
        arguments: [
            ("feed open ", ["1", "2", "3", "4", "5", "6", "7"]),
            ("feed open 3", ["3"]),
            ("feed open 9", []),
            ("feed o", ["open"]),
            ("feed ", ["close", "list", "load", "open", "show"]),
        ])
    func completion(_ line: String, _ expected: [String]) async throws {
        let session = try TestSession(plugins: [FeedPlugin()])
        let context = await session.session.completionContext()
        #expect(context.complete(line).candidates == expected)
    }

    @Test("completion follows a loaded feed")
    func completionAfterLoad() async throws {
        let session = try TestSession(plugins: [FeedPlugin()])
        let path = try FeedFixtures.temporaryFile(named: "tricky.json", containing: FeedFixtures.trickyJSON)
        await session.run("feed load '\(path)'")
        let context = await session.session.completionContext()
        #expect(context.complete("feed open ").candidates == ["1", "2", "3"])
    }

    @Test("help documents what bare feed shows")
    func help() async throws {
        let session = try TestSession(plugins: [FeedPlugin()], width: 100)
        let page = await session.run("help feed show")
        #expect(page.contains("This is what 'feed' alone runs"))
        #expect(await session.run("help feed open").contains("feed open N [--no-animation]"))
    }

    @Test("state load checks the feed keys with the same rules")
    func stateLoadValidation() async throws {
        let session = try TestSession(plugins: [FeedPlugin()])
        let bad = try FeedFixtures.temporaryFile(
            named: "state.json",
            containing:
                #"{"shopState": 1, "values": {"feed.units": [{"title": "A", "subtitle": "B", "color": "pink", "details": []}]}}"#
        )
        #expect(
            await session.run("state load '\(bad)'")
                == "error: invalid value for 'feed.units': [0].color: unknown colour 'pink' (use purple, green, yellow,"
                + " orange, brown, blue or teal, or #RRGGBB)\n")
        let badOpen = try FeedFixtures.temporaryFile(
            named: "state.json", containing: #"{"shopState": 1, "values": {"feed.open": 0}}"#)
        #expect(
            await session.run("state load '\(badOpen)'")
                == "error: invalid value for 'feed.open': expected null or a card number from 1, got 0\n")
    }

    @Test("state load refuses an open number past the last card, of the feed it loads or the one there")
    func danglingOpenNumber() async throws {
        let session = try TestSession(plugins: [FeedPlugin()])
        let state = try FeedFixtures.temporaryFile(
            named: "state.json", containing: #"{"shopState": 1, "values": {"x": 1, "feed.open": 99}}"#)
        #expect(
            await session.run("state load '\(state)'")
                == "error: invalid value for 'feed.open': expected null or a card number from 1 to 7, got 99\n")
        #expect(await session.json("feed.open") == "null")
        #expect(await session.run("echo $x").hasPrefix("error: unknown variable 'x'"))
    }
}
