import ShopLanguage
import ShopRendering
import Testing

@testable import FeedPlugin

@Suite struct LayoutInvariantTests {
    /// Text that has broken terminal layouts before.
    static let trickyStrings = [
        "👨‍👩‍👧‍👦 family", "🇯🇵🇫🇷🇺🇦 flags", "cafe\u{301} de\u{301}compose\u{301}", "日本語のテキストと한국어",
        "tab\there", "zero\u{200B}width", "soft\u{AD}hyphen", "1️⃣ keycap", "👍🏽 tone", "Z\u{351}\u{36B}\u{343}algo",
        "❤️ ❤ ❤︎", "🏳️‍🌈 pride", String(repeating: "averyveryverylongword", count: 6), "Ａ全角Ｂ", "\u{1B}[31mred",
    ]

    /// Cards made of the tricky strings, with and without emoji, on named and hex colours.
    static var trickyCards: [FeedCard] {
        trickyStrings.enumerated().map { index, text in
            let details = trickyStrings.map {
                FeedDetail(title: $0, emoji: index % 3 == 0 ? nil : "🧑‍🎨", paragraph: $0 + " " + text)
            }
            let color = FeedColor(parsing: index % 2 == 0 ? "teal" : "#FFD60A") ?? FeedColor.fallback
            return FeedCard(
                title: text + " " + text, subtitle: text, emoji: index % 4 == 3 ? nil : String(text.first ?? "x"),
                color: color, details: details)
        }
    }

    static let widths = [12, 16, 20, 39, 40, 41, 79, 80, 99, 100, 101, 120, 157, 200]

    static let contexts: [(String, TerminalStyle, OutputFormat)] = [
        ("no colour", .plain, .table), ("24-bit", TerminalStyle(depth: .trueColor), .table),
        ("16 colours", TerminalStyle(depth: .ansi16), .table), ("format plain", .plain, .plain),
    ]

    static func expectExactWidths(
        _ lines: [String], width: Int, _ what: String, sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) {
        for (number, line) in lines.enumerated() {
            let columns = DisplayWidth.of(EscapeStripper.strip(line))
            #expect(columns == width, "\(what), line \(number + 1): \(columns) columns", sourceLocation: sourceLocation)
        }
    }

    @Test("every line of the list is exactly the width, whatever the text", arguments: widths)
    func listWidths(width: Int) throws {
        for cards in [try FeedFixtures.embeddedCards, try FeedFixtures.trickyCards, Self.trickyCards] {
            for (name, style, format) in Self.contexts {
                let context = RenderContext(width: width, style: style, format: format)
                let lines = FeedListView(cards: cards, date: FeedFixtures.today).lines(in: context)
                Self.expectExactWidths(lines, width: max(CardBox.minimumWidth, width), "list at \(width), \(name)")
                let grid = FeedGrid(width: width)
                let rows = (cards.count + grid.columns - 1) / grid.columns
                #expect(lines.count == FeedHeader.height + rows * (CardBox.listHeight + 1) - 1)
            }
        }
    }

    @Test("every line of every page is exactly the width, whatever the text", arguments: widths)
    func pageWidths(width: Int) throws {
        for cards in [try FeedFixtures.embeddedCards, try FeedFixtures.trickyCards, Self.trickyCards] {
            for (name, style, format) in Self.contexts {
                let context = RenderContext(width: width, style: style, format: format)
                for (index, card) in cards.enumerated() {
                    let lines = FeedPageView(card: card, number: index + 1, count: cards.count).lines(in: context)
                    Self.expectExactWidths(
                        lines, width: max(CardBox.minimumWidth, width), "page \(index + 1) at \(width), \(name)")
                }
            }
        }
    }

    @Test("cards side by side meet at the same column on every line", arguments: [100, 101, 120, 157])
    func twoColumnsLineUp(width: Int) throws {
        let grid = FeedGrid(width: width)
        #expect(grid.columns == 2)
        let lines = FeedListView(cards: Self.trickyCards, date: FeedFixtures.today).lines(
            in: FeedFixtures.context(width: width))
        for line in lines.dropFirst(FeedHeader.height) {
            var columns = 0
            var index = line.startIndex
            while columns < grid.leftWidth, index < line.endIndex {
                columns += DisplayWidth.of(line[index])
                index = line.index(after: index)
            }
            #expect(columns == grid.leftWidth, "a character straddles the gap in '\(line)'")
            #expect(line[index...].hasPrefix("  "))
        }
    }

    @Test("one column below 100 columns, two from 100", arguments: [(40, 1), (99, 1), (100, 2), (160, 2)])
    func columns(width: Int, columns: Int) {
        #expect(FeedGrid(width: width).columns == columns)
    }

    /// A paragraph of `count` characters (grapheme clusters) of one kind.
    static func paragraph(_ kind: String, characters count: Int) -> String {
        switch kind {
        case "words":
            let sentence = "Lorem ipsum dolor sit amet, 日本語 e\u{301} 👨‍👩‍👧‍👦. "
            return String(repeating: sentence, count: count / sentence.count)
        case "emoji": return String(repeating: "👨‍👩‍👧‍👦🇯🇵", count: count / 2)
        default: return String(repeating: "x", count: count)
        }
    }

    /// The page of a card whose one unit has `paragraph`, and the best time of three renders
    /// (so other work on the machine weighs less).
    static func renderPage(_ paragraph: String) -> (lines: [String], time: Duration) {
        let card = FeedCard(
            title: "Long", subtitle: "Stress", emoji: "📜", color: FeedColor.fallback,
            details: [FeedDetail(title: "All of it", emoji: nil, paragraph: paragraph)])
        let context = FeedFixtures.context(width: 80, style: FeedFixtures.trueColor)
        var lines: [String] = []
        var best = Duration.seconds(3600)
        for _ in 0..<3 {
            let start = ContinuousClock.now
            lines = FeedPageView(card: card, number: 1, count: 1).lines(in: context)
            best = min(best, ContinuousClock.now - start)
        }
        return (lines, best)
    }

    @Test(
        "a 100,000-character paragraph wraps to the width quickly, without runaway output",
        arguments: ["words", "one word", "emoji"])
    func longParagraph(_ kind: String) throws {
        let paragraph = Self.paragraph(kind, characters: 100_000)
        let (lines, time) = Self.renderPage(paragraph)
        print("feed page, 100,000-character paragraph (\(kind)): \(lines.count) lines in \(time)")
        Self.expectExactWidths(lines, width: 80, kind)
        let textWidth = 80 - FeedPageView.indent - FeedPageView.rightMargin
        // Every paragraph line but the last is at least half full: the output stays proportional.
        #expect(lines.count <= 7 + 2 * (DisplayWidth.of(paragraph) / textWidth + 1), "\(kind): \(lines.count) lines")
        // A safety net 10 times what a debug build on a busy machine takes (half a second; a
        // release build a fraction of that); quadratic wrapping took 4 to 8 seconds.
        #expect(time < .seconds(5), "\(kind): \(time)")
    }
}
