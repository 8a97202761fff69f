import Foundation
import NewsPlugin
import ShopFormats
import ShopRendering
import ShopRuntime
import ShopTestSupport
import ShopValues
import Testing

/// The news commands on the embedded source, in the fixed test environment.
@Suite struct NewsCommandTests {
    @Test func listLoadsPageOneAndShowsNumberDateCategoryAndTitle() async throws {
        let shop = try newsSession()
        let lines = await shop.run("news list").split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 19)
        #expect(lines[0] == "#  │ publishedDate │ categoryType │ title")
        #expect(lines[2] == " 1 │ Today         │ release      │ Shop 4.2 is out: faster checkout and a new …")
        #expect(lines[6] == " 5 │ Yesterday     │ event        │ Coffee tasting at the flagship store on Sat…")
        #expect(lines[16] == "15 │ 13 Jan 2026   │ company      │ Packaging is now 80% recycled cardboard")
        #expect(lines[17] == "15 of 42 loaded · 'news more' loads the next page")
        #expect(await newsState(shop)["news.page"] == "1")
        #expect(await newsState(shop)["news.total"] == "42")
    }

    @Test func bareNewsLists() async throws {
        let shop = try newsSession()
        let bare = await shop.run("news")
        #expect(bare == (await shop.run("news list")))
        #expect(bare.contains("Shop 4.2 is out"))
    }

    @Test func datesFollowTheSessionClock() async throws {
        // A day later, yesterday's news are two days old.
        let shop = try newsSession(now: TranscriptRunner.defaultNow + 86_400)
        let printed = await shop.run("news list | take 1; news list")
        #expect(printed.contains(" 1 │ Yesterday     │ release "))
        #expect(printed.contains(" 5 │ 14 Jan 2026   │ event "))
    }

    @Test func listIsOneLineOfItemRecordsInJSON() async throws {
        let shop = try newsSession()
        let printed = await json(shop, "news list")
        #expect(printed.hasSuffix("}]\n"))
        #expect(printed.count { $0 == "\n" } == 1)
        let items = try Value(json: printed).listValue ?? []
        #expect(items.count == 15)
        #expect(
            items.first?.recordValue?.names.names == [
                "id", "title", "description", "publishedDate", "url", "fullUrl", "titleImageUrl", "categoryType",
            ])
        #expect(items.first?.recordValue?["publishedDate"] == "2026-01-15T09:30:00")
        #expect(printed == (await json(shop, "state get news.items")))
    }

    @Test func moreAppendsPagesThenStopsWithAMessageAndNoError() async throws {
        let shop = try newsSession()
        let second = await shop.run("news more; news more")
        #expect(second.contains("16 │ 12 Jan 2026   │ security     │ Beware of fake delivery messages"))
        #expect(second.contains("30 of 42 loaded · 'news more' loads the next page"))
        let third = await shop.run("news more")
        #expect(third.contains("42 │ 5 Jan 2026    │ company      │ Annual report: a year of the app in numbers"))
        #expect(third.hasSuffix("all 42 loaded\n"))
        let (outcome, printed) = await shop.outcome(of: "news more")
        #expect(printed == "all 42 news loaded\n")
        #expect(outcome == RunOutcome())
        let state = await newsState(shop)
        #expect(state["news.page"] == "3")
        #expect(state["news.exhausted"] == "true")
        #expect(await shop.run("news list | count") == "42\n")
    }

    @Test func moreTellsMessagesToStandardErrorInJSON() async throws {
        let shop = try newsSession(format: .json)
        await shop.run("news more; news more; news more")
        #expect(await shop.run("news more") == "all 42 news loaded\n")
        #expect(shop.output.standardError == "")
        _ = await shop.session.run("news more", file: nil, path: nil, policy: .keepGoing)
        #expect(shop.output.standardError == "all 42 news loaded\n")
    }

    @Test func refreshReplacesEverythingWithPageOne() async throws {
        let shop = try newsSession()
        await shop.run("news more; news more")
        #expect(await shop.run("news refresh | count") == "15\n")
        #expect(await newsState(shop)["news.page"] == "1")
        #expect(await shop.run("undo; news list | count") == "undid: news refresh | count\n30\n")
    }

    @Test func showPrintsTitleDateCategoryDescriptionAndLink() async throws {
        let shop = try newsSession()
        #expect(
            await shop.run("news show 9") == """
                Free gift wrapping this week
                Yesterday · promo · news 9 (id 4976)

                Every order over 2 000 ₽ can be gift-wrapped for free. Pick the paper colour at
                checkout.

                https://news.shop.example/2026-01-14/free-gift-wrapping-this-week

                """)
        #expect(await jsonRecord(shop, "news show 9")?["id"] == 4976)
    }

    @Test func showWithoutDescriptionOrCategorySaysSo() async throws {
        let shop = try newsSession()
        await shop.run("news more; news more; news more")
        let printed = await shop.run("news show 21; news show 36")
        #expect(
            printed.contains(
                "Meet the team behind the mobile app\n12 Jan 2026 · company · news 21 (id 4940)\n\n(no description)\n"))
        #expect(printed.contains("Holiday orders: thank you\n9 Jan 2026 · news 36 (id 4895)\n"))
    }

    @Test func showLinksAreHyperlinksWhereTheStyleAllowsThem() async throws {
        let shop = try newsSession(style: TerminalStyle(depth: .ansi16, hyperlinks: true))
        let printed = await shop.run("news show 12")
        let target = "https://news.shop.example/2026-01-13/search%20understands%20typos"
        let shown = "https://news.shop.example/2026-01-13/search understands typos"
        #expect(printed.contains("\u{1B}]8;;\(target)\u{1B}\\\u{1B}[4m\(shown)\u{1B}[0m\u{1B}]8;;\u{1B}\\"))
        let plain = try newsSession()
        #expect(!(await plain.run("news show 12")).contains("\u{1B}"))
    }

    @Test func openPrintsTheLinkWhenNotInteractive() async throws {
        let shop = try newsSession()
        #expect(
            await shop.run("news open 1")
                == "https://news.shop.example/2026-01-15/shop-4-2-is-out-faster-checkout-and-a-new-cart?view=full\n")
        // No fullUrl: the url, made safe for a browser.
        await shop.run("news more")
        #expect(
            await shop.run("news open 28")
                == "https://news.shop.example/2026-01-10/barcode-scanner-finds-items-in-the-store\n")
    }

    @Test func imageReportsFormatPixelSizeBytesAndWhereItCameFrom() async throws {
        let shop = try newsSession()
        let first = try #require(await jsonRecord(shop, "news image 1"))
        #expect(first["url"] == "embedded://images/launch.png")
        #expect(first["format"] == "png")
        #expect(first["width"] == 48)
        #expect(first["height"] == 32)
        #expect(first["bytes"] == 239)
        #expect(first["origin"] == "embedded")
        let second = try #require(await jsonRecord(shop, "news image 1"))
        // The hit itself (how fast it is belongs to Scripts/bench-news): the same picture, from memory.
        #expect(second["origin"] == "memory")
        for field in ["url", "format", "width", "height", "bytes"] { #expect(second[field] == first[field]) }
        #expect(second["milliseconds"]?.doubleValue != nil)
        let line = await shop.run("news image 3")
        #expect(line.hasPrefix("news 3: PNG 64×24, "))
        #expect(line.hasSuffix(" bytes, embedded\n"), "scripts print no timing, so transcripts stay stable")
        #expect((await shop.run("news image 3")).hasSuffix(" bytes, memory hit\n"))
    }

    @Test func anItemWithoutAPictureGetsAPlaceholderLine() async throws {
        let shop = try newsSession()
        let (outcome, printed) = await shop.outcome(of: "news image 4")
        #expect(printed == "news 4 has no picture: Support hours extended to midnight\n")
        #expect(outcome == RunOutcome())
    }

    @Test func imageAllLoadsEveryPicture() async throws {
        let shop = try newsSession()
        let printed = await shop.run("news image --all")
        let lines = printed.split(separator: "\n")
        #expect(lines.first == "4 of 15 news have no picture")
        #expect(lines.count == 12)
        #expect(lines.dropFirst().allSatisfy { $0.hasPrefix("news ") && !$0.hasSuffix(" ms)") })
        #expect(
            await shop.run("news image") == "error: news image: give a news number, or --all for every loaded news\n")
    }

    @Test func sourceAloneDescribesTheSource() async throws {
        let shop = try newsSession()
        await shop.run("news list")
        #expect(
            await json(shop, "news source")
                == #"{"source":"embedded","pageSize":15,"timeout":null,"loaded":15,"page":1,"total":42,"exhausted":false}"#
                + "\n")
    }

    @Test func switchingTheSourceForgetsTheNewsAndUndoBringsThemBack() async throws {
        let shop = try newsSession()
        await shop.run("news more; news more")
        let before = await newsState(shop)
        #expect(
            await shop.run("news source http://127.0.0.1:9/base/ --page-size 5 --timeout 0.5")
                == "news source: http://127.0.0.1:9/base (5 per page, timeout 0.5 s); nothing loaded yet\n")
        let switched = await newsState(shop)
        #expect(switched["news.items"] == "[]")
        #expect(switched["news.page"] == "0")
        #expect(switched["news.total"] == "null")
        #expect(switched["news.exhausted"] == "false")
        #expect(switched["news.source"] == #""http://127.0.0.1:9/base""#)
        #expect(
            await json(shop, "news source")
                == #"{"source":"http://127.0.0.1:9/base","pageSize":5,"timeout":0.5,"loaded":0,"page":0,"total":null,"exhausted":false}"#
                + "\n")
        await shop.run("undo")
        #expect(await newsState(shop) == before)
        #expect(await shop.run("news more | count") == "12\n")
    }

    @Test func optionsAloneChangeTheCurrentSource() async throws {
        let shop = try newsSession()
        await shop.run("news list")
        #expect(
            await shop.run("news source --page-size 20")
                == "news source: embedded (20 per page); nothing loaded yet\n")
        #expect(await shop.run("news list | count; news more | count; news more | count") == "20\n20\n2\n")
    }

    @Test(arguments: [
        ("news source embedded --page-size 0", "error: news source: --page-size must be between 1 and 1000, got 0"),
        (
            "news source embedded --page-size 1001",
            "error: news source: --page-size must be between 1 and 1000, got 1001"
        ),
        (
            "news source http://x.example --timeout 0",
            "error: news source: --timeout must be more than 0 and at most 600 seconds, got 0"
        ),
        (
            "news source http://x.example --timeout -1",
            "error: news source: --timeout must be more than 0 and at most 600 seconds, got -1"
        ),
        (
            "news source embedded --timeout 3",
            "error: --timeout applies to an http source; the embedded source makes no requests"
        ),
        ("news source ht!tp://x", "error: invalid url 'ht!tp://x': not a url"),
        ("news source ftp://x.example", "error: invalid url 'ftp://x.example': scheme 'ftp' is not http or https"),
        ("news source x.example", "error: invalid url 'x.example': no scheme; start it with 'http://' or 'https://'"),
        ("news show 0", "error: no news number 0: 15 loaded (1–15); 'news more' loads more"),
        ("news show 16", "error: no news number 16: 15 loaded (1–15); 'news more' loads more"),
        ("news open 99", "error: no news number 99: 15 loaded (1–15); 'news more' loads more"),
        ("news image 99", "error: no news number 99: 15 loaded (1–15); 'news more' loads more"),
        ("news show one", "error: news show: N must be a whole number, got 'one'"),
        ("news lsit", "error: unknown news command 'lsit' (did you mean 'news list'?)"),
    ])
    func mistakesAreOneLineAndChangeNothing(command: String, error: String) async throws {
        let shop = try newsSession()
        await shop.run("news list")
        let before = await newsState(shop)
        let (outcome, printed) = await shop.outcome(of: command)
        #expect(printed == error + "\n")
        #expect(outcome.failures == 1)
        #expect(await newsState(shop) == before)
    }

    @Test func numbersPastTheEndOfAnExhaustedFeedDoNotSuggestMore() async throws {
        let shop = try newsSession()
        await shop.run("news more; news more; news more")
        #expect(await shop.run("news show 43") == "error: no news number 43: 42 loaded (1–42)\n")
    }

    @Test func tabCompletesLoadedNewsNumbers() async throws {
        let shop = try newsSession()
        #expect(await shop.session.completionContext().complete("news show ").candidates == [])
        await shop.run("news list")
        let context = await shop.session.completionContext()
        #expect(context.complete("news show 1").candidates == ["1", "10", "11", "12", "13", "14", "15"])
        #expect(context.complete("news image ").candidates.count == 15)
        #expect(
            context.complete("news show ").candidates.prefix(11) == [
                "1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11",
            ])
        #expect(context.complete("news source e").candidates == ["embedded"])
        #expect(context.complete("news source --p").candidates == ["--page-size"])
        #expect(context.complete("news s").candidates == ["show", "source"])
    }

    @Test func everyExampleInTheMetadataRunsOffline() async throws {
        // The core's own examples use the services plugin; they are checked where it is loaded.
        let failures = try await ExampleCheck.failures(plugins: [NewsPlugin()]).filter { $0.hasPrefix("news ") }
        #expect(failures == [], "\(failures.joined(separator: "\n"))")
    }

    @Test func helpComesFromTheMetadata() async throws {
        let shop = try newsSession()
        let page = await shop.run("help news source")
        #expect(page.hasPrefix("news source [SOURCE] [--page-size N] [--timeout SECONDS] [--record FILE.har]\n"))
        #expect(page.contains("  --page-size N      news per page, 1 to 1000 (default 15)\n"))
        #expect((await shop.run("help")).contains("news 1.0.0 — A paginated news feed over HTTP, with an image cache"))
    }

    @Test func stateLoadAcceptsNewsKeysAndRefusesBadOnes() async throws {
        let shop = try newsSession()
        await shop.run("news list; state save '\(shop.stateDirectory)/saved.json'; news more")
        await shop.run("state load '\(shop.stateDirectory)/saved.json'")
        #expect(await shop.run("news list | count") == "15\n")
        let cases: [(String, String)] = [
            (
                #""news.items":[{"id":"x","title":"t"}]"#,
                "invalid value for 'news.items': item 1: 'id' should be an integer"
            ),
            (
                #""news.items":[{"id":1,"title":"a"},{"id":1,"title":"b"}]"#,
                "invalid value for 'news.items': item 2: id 1 appears twice"
            ),
            (
                #""news.items":[{"id":1,"title":"a","publishedDate":"yesterday"}]"#,
                "invalid value for 'news.items': item 1: 'publishedDate' should be a date like '2026-01-14T00:00:00'"
            ),
            (#""news.page":-1"#, "invalid value for 'news.page': expected a whole number, 0 or more"),
            (#""news.total":"many""#, "invalid value for 'news.total': expected a whole number, 0 or more, or null"),
            (#""news.exhausted":1"#, "invalid value for 'news.exhausted': expected true or false"),
            (#""news.source":"ht!tp://x""#, "invalid value for 'news.source': invalid url 'ht!tp://x': not a url"),
        ]
        let before = await newsState(shop)
        for (values, error) in cases {
            let path = shop.stateDirectory + "/bad.json"
            try Data(#"{"shopState":1,"values":{\#(values)}}"#.utf8).write(to: URL(filePath: path))
            #expect(await shop.run("state load '\(path)'") == "error: \(error)\n")
            #expect(await newsState(shop) == before)
        }
    }
}
