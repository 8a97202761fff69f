import ShopRendering
import Testing

@Suite struct TextLayoutTests {
    @Test(
        "wrapping breaks at spaces and cuts long words between grapheme clusters",
        arguments: [
            ("one two three", 7, ["one two", "three"]),
            ("abcdefghij", 4, ["abcd", "efgh", "ij"]),
            ("ab abcdefgh cd", 4, ["ab", "abcd", "efgh", "cd"]),
            ("日本語の文", 4, ["日本", "語の", "文"]),
            ("日本語", 3, ["日", "本", "語"]),
            ("cafe\u{301}s cafe\u{301}s", 5, ["cafe\u{301}s", "cafe\u{301}s"]),
            (
                "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}\u{1F1EF}\u{1F1F5}x", 3,
                ["\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}", "\u{1F1EF}\u{1F1F5}x"]
            ),
            ("wide 日 in 1", 1, ["w", "i", "d", "e", "日", "i", "n", "1"]),
            ("first\n\nthird", 10, ["first", "", "third"]),
            ("\u{301} a", 5, ["\u{301} a"]),
        ])
    func wrap(_ text: String, _ width: Int, _ expected: [String]) {
        #expect(TextLayout.wrap(text, width: width) == expected)
    }

    @Test("wrapped lines never exceed the width and keep every character", arguments: [1, 2, 5, 17, 80])
    func wrapKeepsEverything(width: Int) {
        let text = "Ünïcode 👨‍👩‍👧‍👦 family, 🇯🇵 flag, 日本語テキスト, e\u{301}, and averyveryverylongwordwithoutspaces."
        let lines = TextLayout.wrap(text, width: width)
        for line in lines where DisplayWidth.of(line) > width {
            // Only a single cluster wider than the line may stick out.
            #expect(line.count == 1, "'\(line)' is wider than \(width)")
        }
        let kept = lines.joined().filter { $0 != " " }
        #expect(kept == text.filter { $0 != " " })
    }

    @Test("a 100,000-character word wraps in linear time")
    func longWordIsLinear() {
        let word = String(repeating: "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}x", count: 25_000)
        let start = ContinuousClock.now
        let lines = TextLayout.wrap(word, width: 60)
        let elapsed = ContinuousClock.now - start
        #expect(lines.count == 25_000 * 3 / 60 + (25_000 * 3 % 60 == 0 ? 0 : 1))
        #expect(lines.allSatisfy { DisplayWidth.of($0) <= 60 })
        // A safety net 10 times what a debug build on a busy machine takes (under 1 s).
        #expect(elapsed < .seconds(10), "wrapping took \(elapsed)")
    }
}
