import BuiltInPlugins
import ShopRendering
import ShopTestSupport
import Testing

/// `--format plain` is one thing for every command: no box drawing, no colour, one record
/// per line; plain-text views (messages, help) print as they are.
@Suite struct PlainFormatTests {
    static let commands = [
        "services list", "services show 2", "services select 1; services confirm", "feed list", "feed open 3",
        "news list", "news show 1", "news more", "help", "help services select", "vars", "state keys",
        "plugins", "feed load nosuch.json",
    ]

    @Test(arguments: commands)
    func noCommandDrawsBoxesOrColours(_ command: String) async throws {
        let shop = try TestSession(
            plugins: BuiltInPlugins.all,
            style: TerminalStyle(depth: .trueColor, hyperlinks: true),
            format: .plain)
        await shop.run("set x 1")
        let printed = await shop.run(command)
        #expect(!printed.isEmpty)
        #expect(!printed.unicodeScalars.contains("\u{1B}"), "no escape sequences")
        #expect(!printed.contains { "│─┃━┏┓┗┛╭╮╰╯┼".contains($0) }, "no box drawing")
    }

    @Test func aListOfRecordsIsAHeaderAndOneLinePerRecord() async throws {
        let shop = try TestSession(plugins: BuiltInPlugins.all, format: .plain)
        let feed = await shop.run("feed list").split(separator: "\n")
        #expect(feed.count == 8)
        #expect(feed.first == "title\tsubtitle\temoji\tcolor\tdetails")
        let news = await shop.run("news list").split(separator: "\n")
        #expect(news.count == 16)
        #expect(news.first?.hasPrefix("id\ttitle\tdescription\tpublishedDate\t") == true)
    }

    @Test func aRecordIsOneFieldPerLineAndMessagesStayMessages() async throws {
        let shop = try TestSession(plugins: BuiltInPlugins.all, format: .plain)
        #expect(await shop.run("services show windows").hasPrefix("id\twindows\ntitle\tWindow cleaning\n"))
        #expect(await shop.run("services select windows") == "✓ selected Window cleaning (1 500 ₽)\n")
    }
}
