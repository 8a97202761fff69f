import ShopRendering
import Testing

@Suite struct DisplayWidthTests {
    /// One string, the columns a terminal gives it, and why it is interesting.
    struct Case: CustomTestStringConvertible, Sendable {
        let text: String
        let width: Int
        let note: String

        init(_ text: String, _ width: Int, _ note: String) {
            self.text = text
            self.width = width
            self.note = note
        }

        var testDescription: String { note }
    }

    static let cases: [Case] = [
        Case("", 0, "empty"),
        Case("shop", 4, "ASCII"),
        Case("caf\u{E9}", 4, "é precomposed"),
        Case("cafe\u{301}", 4, "é decomposed: e + combining acute"),
        Case("\u{301}", 0, "a lone combining mark"),
        Case("Z\u{351}\u{36B}\u{343}\u{36A}", 1, "a letter under a pile of combining marks"),
        Case("\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}\u{200D}\u{1F466}", 2, "ZWJ family"),
        Case("\u{1F9D1}\u{200D}\u{1F3A8}", 2, "ZWJ artist"),
        Case("\u{1F3F3}\u{FE0F}\u{200D}\u{1F308}", 2, "rainbow flag: VS16 and ZWJ"),
        Case("\u{1F1EF}\u{1F1F5}", 2, "flag: two regional indicators"),
        Case("\u{1F1FA}\u{1F1E6}\u{1F1EB}\u{1F1F7}", 4, "two flags in a row"),
        Case("\u{1F3F4}\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}", 2, "tag sequence flag (Scotland)"),
        Case("\u{2764}\u{FE0F}", 2, "heart with VS16"),
        Case("\u{2764}", 1, "heart without a selector: text presentation"),
        Case("\u{2764}\u{FE0E}", 1, "heart with VS15: text presentation"),
        Case("\u{263A}\u{FE0F}", 2, "smiling face with VS16"),
        Case("1\u{FE0F}\u{20E3}", 2, "keycap"),
        Case("\u{1F44D}\u{1F3FD}", 2, "skin tone modifier"),
        Case("\u{270C}\u{1F3FD}", 2, "text-style emoji made wide by a skin tone"),
        Case("\u{261D}\u{301}", 1, "text-style emoji with a combining mark stays narrow"),
        Case("\u{1F600}", 2, "emoji with default emoji presentation"),
        Case("\u{231A}", 2, "watch: BMP emoji presentation"),
        Case("\u{1F004}", 2, "mahjong tile"),
        Case("日本語", 6, "CJK ideographs"),
        Case("한국어", 6, "Hangul syllables"),
        Case("\u{1100}\u{1161}", 2, "Hangul from conjoining jamo"),
        Case("\u{3002}", 2, "ideographic full stop"),
        Case("\u{FF21}", 2, "fullwidth A"),
        Case("\u{FF76}", 1, "halfwidth katakana"),
        Case("a\tb", 2, "a tab is a control character: no columns until sanitized"),
        Case("\u{1B}[31m", 4, "ESC takes no column; the rest of the sequence does"),
        Case("\u{200B}", 0, "zero width space"),
        Case("a\u{200D}", 1, "ZWJ after a letter"),
        Case("\u{00AD}", 1, "soft hyphen is shown"),
        Case("x\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}y日\u{65}\u{301}", 7, "a mix"),
    ]

    @Test("columns of tricky strings", arguments: cases)
    func width(of example: Case) {
        #expect(DisplayWidth.of(example.text) == example.width, "\(example.note)")
    }

    @Test("a string's width is the sum of its characters' widths", arguments: cases)
    func sumOfCharacters(_ example: Case) {
        #expect(example.text.reduce(0) { $0 + DisplayWidth.of($1) } == DisplayWidth.of(example.text))
    }

    @Test("a sanitized tab takes the sanitizer's tab width")
    func sanitizedTab() {
        #expect(DisplayWidth.of(Sanitizer.inert("a\tb")) == 2 + Sanitizer.tabWidth)
    }

    @Test("padding and truncation keep exact widths with wide and combining characters", arguments: cases)
    func paddingIsExact(_ example: Case) {
        for width in 0...8 {
            let padded = TextLayout.pad(Sanitizer.inert(example.text), to: width)
            // A wide character may not fit the last column; padding then fills it with a space.
            #expect(DisplayWidth.of(padded) == width, "\(example.note) padded to \(width)")
        }
    }
}
