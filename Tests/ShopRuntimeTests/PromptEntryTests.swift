import ShopPluginAPI
import ShopTestSupport
import Testing

@testable import ShopRuntime

/// An entry typed at the prompt is parsed once: the session's parse says whether it needs
/// more lines, and running it runs that parse.
@Suite struct PromptEntryTests {
    private let shop: TestSession

    init() throws {
        shop = try TestSession(plugins: [CounterPlugin()])
    }

    @Test func anEntryNeedsMoreLinesUntilItsBlocksQuotesAndSubexpressionsClose() async {
        for open in ["if true", "if true\n  echo \"a", "echo $(echo a", "echo [1,", "echo a \\"] {
            #expect(await shop.session.parse(entry: open).needsMoreLines, "\(open)")
        }
        for complete in ["if true\n  echo a\nend", "echo a", "echo (", "math 1 +", "", "# note"] {
            #expect(await !shop.session.parse(entry: complete).needsMoreLines, "\(complete)")
        }
    }

    @Test func theParsedEntryRunsAndIsRecordedAsItsCommandsSay() async throws {
        let entry = await shop.session.parse(entry: "counter add 2; echo done")
        #expect(await shop.session.execute(entry) == .succeeded)
        #expect(shop.output.take() == "counter is 2\ndone\n")
        #expect(await shop.session.execute(line: "!!") == .succeeded)
        #expect(shop.output.take() == "counter add 2; echo done\ncounter is 4\ndone\n")
        #expect(await shop.session.execute(line: "exit 0") == .succeeded)
        #expect(await shop.session.execute(line: "history save saved.shopscript") == .succeeded)
        let saved = try FileSystem.read(shop.stateDirectory + "/saved.shopscript")
        // `exit` and `history save` are not replayable: recorded, never saved.
        #expect(
            String(decoding: saved, as: UTF8.self)
                == "# Saved from a shop session.\ncounter add 2; echo done\ncounter add 2; echo done\n")
    }

    @Test func aHistoryReferenceThatNamesNothingIsOneError() async {
        #expect(await shop.session.execute(line: "!!") == .failed)
        #expect(shop.output.take() == "error: !!: no command yet in this session\n")
        #expect(await shop.session.execute(line: "!99") == .failed)
        #expect(shop.output.take() == "error: !99: no command number 99 in the history\n")
    }
}
