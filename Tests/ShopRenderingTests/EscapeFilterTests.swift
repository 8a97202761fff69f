import ShopRendering
import Testing

/// The one rule where text leaves shop: shop's styling passes (when kept), nothing else does.
@Suite struct EscapeFilterTests {
    @Test(arguments: [
        ("plain text, tabs\tand\nnewlines", "plain text, tabs\tand\nnewlines"),
        ("\u{1B}]0;title\u{07}", "␛]0;title␇"),
        ("\u{1B}[2J\u{1B}[H", "␛[2J␛[H"),
        ("\u{1B}]52;c;cHduZWQ=\u{1B}\\", "␛]52;c;cHduZWQ=␛\\"),
        ("\u{1B}P+q544e\u{1B}\\", "␛P+q544e␛\\"),
        ("a\rb\u{08}c\u{7F}", "a␍b␈c␡"),
        ("C1 \u{9B}2J", "C1 �2J"),
        ("\u{1B}", "␛"),
        ("\u{1B}[1", "␛[1"),
        ("\u{1B}]8;;http://x\u{07}", "␛]8;;http://x␇"),
    ])
    func controlsOtherThanNewlinesAndTabsAreInert(text: String, expected: String) {
        #expect(EscapeFilter.filter(text, keepingStyles: false) == expected)
        if !text.contains("\u{1B}") { #expect(EscapeFilter.filter(text, keepingStyles: true) == expected) }
    }

    @Test func shopsColoursAndLinksPassWhenStylesAreKept() {
        let style = TerminalStyle(depth: .trueColor, hyperlinks: true)
        let styled =
            style.bold("title") + " " + style.apply([.foreground(RGBColor(red: 1, green: 2, blue: 3))], to: "c")
            + style.link("here", to: "https://example.com/a?b=1")
        #expect(EscapeFilter.filter(styled, keepingStyles: true) == styled)
        #expect(!EscapeFilter.filter(styled, keepingStyles: false).contains("\u{1B}"))
    }

    @Test func onlyStylingPassesAmongEscapes() {
        let mixed = "\u{1B}[31mred\u{1B}[0m \u{1B}[2J \u{1B}]0;t\u{07} \u{1B}]8;;u\u{1B}\\l\u{1B}]8;;\u{1B}\\"
        #expect(
            EscapeFilter.filter(mixed, keepingStyles: true)
                == "\u{1B}[31mred\u{1B}[0m ␛[2J ␛]0;t␇ \u{1B}]8;;u\u{1B}\\l\u{1B}]8;;\u{1B}\\")
    }

    @Test func aLinkWithAControlInsideIsInert() {
        #expect(EscapeFilter.filter("\u{1B}]8;;u\u{1B}[2J\u{07}", keepingStyles: true) == "␛]8;;u␛[2J␇")
    }

    /// The check before filtering, eight bytes at a time, finds what the byte-at-a-time rule
    /// finds: a control other than newline and tab, DEL, or a C1 control (0xC2 0x80–0x9F) —
    /// for every pair of bytes, placed inside an eight-byte word, across two words, at the end
    /// of a whole word and of a part of one, and in text shorter than a word.
    @Test func theQuickCheckAgreesWithTheRuleOnEveryPairOfBytes() {
        func rule(_ bytes: [UInt8]) -> Bool {
            zip([0] + bytes, bytes).contains { previous, byte in
                (byte < 0x20 && byte != 0x0A && byte != 0x09) || byte == 0x7F
                    || (previous == 0xC2 && (0x80...0x9F).contains(byte))
            }
        }
        for first in UInt8.min...UInt8.max {
            for second in UInt8.min...UInt8.max {
                for (count, position) in [
                    (4, 1), (4, 2), (16, 14), (20, 0), (20, 3), (20, 7), (20, 8), (20, 15), (20, 18),
                ] {
                    var bytes = [UInt8](repeating: 0x61, count: count)
                    (bytes[position], bytes[position + 1]) = (first, second)
                    let found = bytes.withUnsafeBufferPointer(EscapeFilter.needsFiltering)
                    if found != rule(bytes) { Issue.record("\(bytes): \(found)") }
                }
            }
        }
    }
}
