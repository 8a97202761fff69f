import ShopRendering
import Testing

@testable import FeedPlugin

@Suite struct LayoutSnapshotTests {
    /// One snapshot: which view, at which width and colour depth, and the expected text.
    struct Case: CustomTestStringConvertible, Sendable {
        let view: String
        let width: Int
        let depth: ColorDepth
        let expected: String

        var testDescription: String { "\(view) at \(width) columns, colour \(depth)" }
    }

    static let cases: [Case] = [
        Case(view: "list", width: 40, depth: .none, expected: LayoutSnapshots.list40Plain),
        Case(view: "list", width: 40, depth: .trueColor, expected: LayoutSnapshots.list40TrueColor),
        Case(view: "list", width: 40, depth: .ansi256, expected: LayoutSnapshots.list40Ansi256),
        Case(view: "list", width: 40, depth: .ansi16, expected: LayoutSnapshots.list40Ansi16),
        Case(view: "list", width: 80, depth: .none, expected: LayoutSnapshots.list80Plain),
        Case(view: "list", width: 80, depth: .trueColor, expected: LayoutSnapshots.list80TrueColor),
        Case(view: "list", width: 120, depth: .none, expected: LayoutSnapshots.list120Plain),
        Case(view: "list", width: 120, depth: .trueColor, expected: LayoutSnapshots.list120TrueColor),
        Case(view: "page", width: 40, depth: .none, expected: LayoutSnapshots.page40Plain),
        Case(view: "page", width: 40, depth: .trueColor, expected: LayoutSnapshots.page40TrueColor),
        Case(view: "page", width: 80, depth: .none, expected: LayoutSnapshots.page80Plain),
        Case(view: "page", width: 80, depth: .trueColor, expected: LayoutSnapshots.page80TrueColor),
        Case(view: "page", width: 120, depth: .none, expected: LayoutSnapshots.page120Plain),
        Case(view: "page", width: 120, depth: .trueColor, expected: LayoutSnapshots.page120TrueColor),
    ]

    @Test("the list and a page render exactly as recorded", arguments: cases)
    func snapshot(_ example: Case) throws {
        let cards = try FeedFixtures.trickyCards
        let context = FeedFixtures.context(width: example.width, style: TerminalStyle(depth: example.depth))
        let list = FeedListView(cards: cards, date: FeedFixtures.today)
        let page = FeedPageView(card: cards[0], number: 1, count: cards.count)
        let lines = example.view == "list" ? list.lines(in: context) : page.lines(in: context)
        for (number, line) in lines.enumerated() {
            // Trailing blanks are trimmed in the snapshot; the width pins them down.
            #expect(DisplayWidth.of(EscapeStripper.strip(line)) == example.width, "line \(number + 1)")
        }
        let rendered = example.view == "list" ? list.render(in: context) : page.render(in: context)
        let shown = rendered.split(separator: "\n", omittingEmptySubsequences: false).map {
            FeedFixtures.visible(String($0))
        }
        #expect(shown.allSatisfy { !$0.hasSuffix(" ") }, "rendered lines end without blanks")
        #expect(shown.joined(separator: "\n") == example.expected)
    }
}
