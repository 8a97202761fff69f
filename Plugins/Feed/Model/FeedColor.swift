import ShopPluginAPI

/// A card's colour: one of the seven named colours, or any `#RRGGBB`.
///
/// Names are matched without regard to case and stored lowercased; hex colours are stored as
/// `#rrggbb`. The RGB values are chosen so that white or near-black text reads well on them.
struct FeedColor: Sendable, Equatable {
    /// The colour as it is stored: a name such as `purple`, or `#rrggbb`.
    let name: String
    /// The colour itself.
    let rgb: RGBColor

    /// The named colours, in the order the embedded feed uses them. They stay distinct when
    /// reduced to the 256-colour cube and to the 16 basic colours.
    static let named: [(name: String, rgb: RGBColor)] = [
        ("purple", RGBColor(red: 0x8E, green: 0x44, blue: 0xAD)),
        ("green", RGBColor(red: 0x2E, green: 0x7D, blue: 0x32)),
        ("yellow", RGBColor(red: 0xF9, green: 0xC8, blue: 0x0E)),
        ("orange", RGBColor(red: 0xF4, green: 0x51, blue: 0x1E)),
        ("brown", RGBColor(red: 0x79, green: 0x55, blue: 0x48)),
        ("blue", RGBColor(red: 0x1E, green: 0x5B, blue: 0xD6)),
        ("teal", RGBColor(red: 0x00, green: 0x89, blue: 0x7B)),
    ]

    /// The first named colour, for code that needs some colour.
    static let fallback = FeedColor(name: named[0].name, rgb: named[0].rgb)

    /// Text drawn on a light colour.
    static let darkText = RGBColor(red: 0x1A, green: 0x1A, blue: 0x1A)
    /// Text drawn on a dark colour.
    static let lightText = RGBColor(red: 0xFF, green: 0xFF, blue: 0xFF)

    private init(name: String, rgb: RGBColor) {
        self.name = name
        self.rgb = rgb
    }

    /// A colour name (any case) or `#RRGGBB`; nil for anything else.
    init?(parsing text: String) {
        let lowered = text.lowercased()
        if let match = Self.named.first(where: { $0.name == lowered }) {
            self.name = match.name
            self.rgb = match.rgb
        } else if text.hasPrefix("#"), let rgb = RGBColor(hex: text) {
            self.name = rgb.hex
            self.rgb = rgb
        } else {
            return nil
        }
    }

    /// The colour of text on this colour: dark on light colours, white on dark ones.
    var textColor: RGBColor {
        rgb.isLight ? Self.darkText : Self.lightText
    }

    /// Why `text` is not a colour, with the nearest name when it looks like a typo.
    static func unknownReason(for text: String) -> String {
        let shown = "'\(TextLayout.truncate(text, to: 24))'"
        let names = named.map(\.name)
        if let nearest = Suggestion.nearest(to: text, in: names), !text.hasPrefix("#") {
            return "unknown colour \(shown)" + Suggestion.didYouMean(nearest)
        }
        let list = names.dropLast().joined(separator: ", ") + " or " + (names.last ?? "")
        return "unknown colour \(shown) (use \(list), or #RRGGBB)"
    }
}
