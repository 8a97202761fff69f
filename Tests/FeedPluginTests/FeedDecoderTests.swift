import ShopFormats
import ShopRendering
import ShopValues
import Testing

@testable import FeedPlugin

@Suite struct FeedDecoderTests {
    /// A card with every field, in JSON, with `replacing` fields set to other JSON text (or added).
    static func card(_ replacing: [String: String] = [:], dropping: String? = nil) -> String {
        var fields: [(String, String)] = [
            ("title", #""Title""#), ("subtitle", #""Sub""#), ("emoji", #""🎨""#), ("color", #""blue""#),
            ("details", #"[{"title": "Unit", "emoji": "✨", "paragraph": "Text."}]"#),
        ]
        fields = fields.filter { $0.0 != dropping }.map { ($0.0, replacing[$0.0] ?? $0.1) }
        fields += replacing.filter { name, _ in !fields.contains { $0.0 == name } }.sorted { $0.key < $1.key }
        return "{" + fields.map { "\"\($0.0)\": \($0.1)" }.joined(separator: ", ") + "}"
    }

    static func decode(_ json: String) throws -> [FeedCard] {
        try FeedDecoder.cards(fromFile: Value(json: json))
    }

    @Test(
        "a feed that is not right names the place and the problem",
        arguments: [
            (#"{"cards": []}"#, "missing field 'units'"),
            (#""units""#, "expected a record with 'units' or a list of cards, got string"),
            (#"{"units": {}}"#, "units: expected a list of cards, got record"),
            (#"{"units": []}"#, "units: a feed needs at least one card"),
            (#"{"units": [7]}"#, "units[0]: expected a card record, got int"),
            ("{\"units\": [\(card()), \(card(dropping: "title"))]}", "units[1]: missing field 'title'"),
            ("{\"units\": [\(card(dropping: "subtitle"))]}", "units[0]: missing field 'subtitle'"),
            ("{\"units\": [\(card(dropping: "color"))]}", "units[0]: missing field 'color'"),
            ("{\"units\": [\(card(dropping: "details"))]}", "units[0]: missing field 'details'"),
            ("{\"units\": [\(card(["title": "\"  \""]))]}", "units[0].title: a title cannot be empty"),
            ("{\"units\": [\(card(["title": "12"]))]}", "units[0].title: expected a string, got int"),
            ("{\"units\": [\(card(["details": "\"none\""]))]}", "units[0].details: expected a list, got string"),
            ("{\"units\": [\(card(["emoji": "\"🎨🎨\""]))]}", "units[0].emoji: expected one emoji, got '🎨🎨'"),
            ("{\"units\": [\(card(["emoji": "true"]))]}", "units[0].emoji: expected a string or null, got bool"),
            (
                "{\"units\": [\(card()), \(card()), \(card(["color": "\"pink\""]))]}",
                "units[2].color: unknown colour 'pink' (use purple, green, yellow, orange, brown, blue or teal, or #RRGGBB)"
            ),
            (
                "{\"units\": [\(card(["color": "\"purpel\""]))]}",
                "units[0].color: unknown colour 'purpel' (did you mean 'purple'?)"
            ),
            (
                "{\"units\": [\(card(["color": "\"#12345G\""]))]}",
                "units[0].color: unknown colour '#12345G' (use purple, green, yellow, orange, brown, blue or teal, or #RRGGBB)"
            ),
            (
                "{\"units\": [\(card(["color": "\"123456\""]))]}",
                "units[0].color: unknown colour '123456' (use purple, green, yellow, orange, brown, blue or teal, or #RRGGBB)"
            ),
            (
                "{\"units\": [\(card(["details": #"[{"title": "A", "paragraph": "B"}, {"title": "C"}]"#]))]}",
                "units[0].details[1]: missing field 'paragraph'"
            ),
            (
                "{\"units\": [\(card(["details": #"[{"title": "A", "paragraph": 3}]"#]))]}",
                "units[0].details[0].paragraph: expected a string, got int"
            ),
            ("[\(card(dropping: "title"))]", "[0]: missing field 'title'"),
        ])
    func badFeed(_ json: String, _ message: String) {
        #expect(throws: FeedDataError.self) { try Self.decode(json) }
        do {
            _ = try Self.decode(json)
        } catch {
            #expect("\(error)" == message)
        }
    }

    @Test("colour names ignore case; hex colours are kept as #rrggbb")
    func colours() throws {
        let json = "[\(Self.card(["color": "\"Teal\""])), \(Self.card(["color": "\"#ABCDEF\""]))]"
        let cards = try Self.decode(json)
        #expect(cards.map(\.color.name) == ["teal", "#abcdef"])
        #expect(cards[1].color.rgb == RGBColor(red: 0xAB, green: 0xCD, blue: 0xEF))
    }

    @Test("an emoji may be missing, null or empty; unknown fields are ignored")
    func optionalEmoji() throws {
        let json =
            "[\(Self.card(dropping: "emoji")), \(Self.card(["emoji": "null"])), \(Self.card(["emoji": "\"\""])),"
            + " \(Self.card(["extra": "1"]))]"
        let cards = try Self.decode(json)
        #expect(cards.map(\.emoji) == [nil, nil, nil, "🎨"])
    }

    @Test("a long quoted value in a message is cut")
    func longValueIsCut() {
        let json = "[\(Self.card(["color": "\"\(String(repeating: "x", count: 500))\""]))]"
        do {
            _ = try Self.decode(json)
            Issue.record("expected an error")
        } catch {
            #expect("\(error)".hasPrefix("[0].color: unknown colour '\(String(repeating: "x", count: 23))…'"))
        }
    }

    @Test("light colours get dark text, dark colours white text")
    func textColours() throws {
        for (name, _) in FeedColor.named {
            let color = try #require(FeedColor(parsing: name))
            #expect(color.textColor == (name == "yellow" ? FeedColor.darkText : FeedColor.lightText), "\(name)")
        }
    }
}
