import ShopFormats
import ShopPluginAPI
import ShopRendering
import ShopTestSupport
import ShopValues

@testable import FeedPlugin

/// Feeds, files and text helpers shared by the feed tests.
enum FeedFixtures {
    /// A small feed with the hard cases: a ZWJ family and flags in a long title, CJK, a decomposed
    /// `é`, a tab, a newline, a light hex colour, an empty subtitle, units and a card without emoji.
    static let trickyJSON = #"""
        {"units": [
          {"title": "Families 👨‍👩‍👧‍👦 and flags 🇯🇵🇫🇷 in one long title that has to wrap",
           "subtitle": "Tricky text", "emoji": "👨‍👩‍👧‍👦", "color": "purple",
           "details": [
             {"title": "日本語のタイトル", "emoji": "🇯🇵",
              "paragraph": "CJK 日本語テキスト wraps by width; e\u0301 is one column.\tA tab becomes spaces."},
             {"title": "No emoji here", "emoji": null, "paragraph": "Short."}
           ]},
          {"title": "Cafe\u0301 ☕", "subtitle": "Café", "emoji": "☕", "color": "#FFD60A",
           "details": [{"title": "Love", "emoji": "❤️", "paragraph": "First line\nsecond line"}]},
          {"title": "Third", "subtitle": "", "color": "teal", "details": []}
        ]}
        """#

    /// The cards of ``trickyJSON``.
    static var trickyCards: [FeedCard] {
        get throws { try FeedDecoder.cards(fromFile: Value(json: trickyJSON)) }
    }

    /// The embedded cards.
    static var embeddedCards: [FeedCard] {
        get throws { try FeedDecoder.cards(fromFile: Value(json: EmbeddedFeed.json)) }
    }

    /// The test clock's day, 2026-01-15 (a Thursday).
    static let today = CalendarDate(year: 2026, month: 1, day: 15)

    /// A 24-bit colour style.
    static let trueColor = TerminalStyle(depth: .trueColor)

    /// A render context for the table format.
    static func context(width: Int, style: TerminalStyle = .plain) -> RenderContext {
        RenderContext(width: width, style: style, format: .table)
    }

    /// `text` with ESC shown as `␛`, for snapshots that keep their escape sequences readable.
    static func visible(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { $0 == "\u{1B}" ? "␛" : $0 }))
    }

    /// Writes `text` to a new file in a fresh temporary folder and returns its path.
    static func temporaryFile(named name: String, containing text: String) throws -> String {
        let folder = try FileSystem.makeTemporaryDirectory(prefix: "feed-test", environment: [:])
        let path = folder + "/" + name
        try FileSystem.writeAtomically(Array(text.utf8), to: path)
        return path
    }
}
