import ShopRendering
import Testing

@Suite struct ColorReductionTests {
    /// The SGR background code a colour gets at a depth.
    static func backgroundCode(_ hex: String, _ depth: ColorDepth) -> String {
        let style = TerminalStyle(depth: depth)
        let color = RGBColor(hex: hex) ?? RGBColor(red: 0, green: 0, blue: 0)
        let text = style.apply([.background(color)], to: "x")
        return String(text.dropFirst(2).prefix { $0 != "m" })
    }

    @Test(
        "colours with a clear hue keep it in 16 colours; greys stay grey",
        arguments: [
            ("#2E7D32", "42"),  // muted green: green, not grey
            ("#795548", "43"),  // brown: dark yellow, not grey
            ("#00897B", "46"),  // teal: cyan
            ("#8E44AD", "45"),  // purple: magenta
            ("#F9C80E", "103"),  // yellow: bright yellow
            ("#808080", "47"),  // mid grey: light grey
            ("#646470", "100"),  // a bluish grey is still grey
            ("#FFFFFF", "107"),
            ("#000000", "40"),
        ])
    func sixteenColours(_ hex: String, _ code: String) {
        #expect(Self.backgroundCode(hex, .ansi16) == code)
    }

    @Test("256 colours use the cube; 24-bit colours are written as they are")
    func otherDepths() {
        #expect(Self.backgroundCode("#00897B", .ansi256) == "48;5;30")
        #expect(Self.backgroundCode("#2E7D32", .ansi256) == "48;5;29")
        #expect(Self.backgroundCode("#2E7D32", .trueColor) == "48;2;46;125;50")
    }
}
