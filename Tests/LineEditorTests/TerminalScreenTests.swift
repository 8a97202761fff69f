import ShopTestSupport
import Testing

/// The screen model the terminal tests look through: it must show what a terminal shows.
@Suite struct TerminalScreenTests {
    private func screen(_ output: String, columns: Int = 10, rows: Int = 4) -> TerminalScreen {
        var screen = TerminalScreen(columns: columns, rows: rows)
        screen.feed(Array(output.utf8))
        return screen
    }

    @Test func textWrapsAtTheMarginOnlyWhenMoreComes() {
        #expect(screen("0123456789").text == "0123456789")
        #expect(screen("0123456789").cursor == (0, 9))
        #expect(screen("0123456789\r\nx").text == "0123456789\nx")
        #expect(screen("0123456789x").text == "0123456789\nx")
    }

    @Test func cursorMovesAndErasingWork() {
        #expect(screen("abcdef\r\u{1B}[2Cxy").text == "abxyef")
        #expect(screen("abcdef\u{1B}[3D\u{1B}[K").text == "abc")
        #expect(screen("a\r\nb\r\nc\u{1B}[2A\r\u{1B}[J").text == "")
        #expect(screen("abc\u{1B}[5Gz").text == "abc z")
    }

    @Test func coloursAndAttributesAreKeptPerCell() {
        let shown = screen("\u{1B}[1;31mab\u{1B}[0m c\u{1B}[2md\u{1B}[38;5;120me")
        #expect(shown.styles(of: "ab")?.allSatisfy { $0.isBold && $0.foreground == .indexed(1) } == true)
        #expect(shown.styles(of: "c")?.first?.isPlain == true)
        #expect(shown.styles(of: "d")?.first?.isDim == true)
        #expect(shown.styles(of: "e")?.first?.foreground == .indexed(120))
    }

    @Test func wideCharactersTakeTwoCellsAndWrapWhole() {
        let shown = screen("abcdefghi漢", columns: 10)
        #expect(shown.text == "abcdefghi\n漢")
        #expect(shown.cursor == (1, 2))
    }

    @Test func emojiSequencesFollowTheWidthRule() {
        var xterm = TerminalScreen(columns: 20, rows: 2, widthRule: .perCharacter)
        var kitty = TerminalScreen(columns: 20, rows: 2, widthRule: .graphemeClusters)
        for sequence in ["👨‍👩‍👧", "👍🏽", "❤️"] {
            xterm.feed(Array((sequence + "|").utf8))
            kitty.feed(Array((sequence + "|").utf8))
        }
        #expect(xterm.text == "👨‍👩‍👧|👍🏽|❤️|")
        #expect(xterm.cursor.column == 6 + 1 + 4 + 1 + 1 + 1)
        #expect(kitty.cursor.column == 2 + 1 + 2 + 1 + 2 + 1)
    }

    @Test func aResizeReflowsWrappedRowsAndKeepsTheCursorInTheText() {
        var shown = screen("out\r\n> abcdefghijklmnop", columns: 10, rows: 5)
        #expect(shown.text == "out\n> abcdefgh\nijklmnop")
        shown.resize(columns: 6, rows: 5)
        #expect(shown.text == "out\n> abcd\nefghij\nklmnop")
        #expect(shown.cursor == (3, 5))
        shown.resize(columns: 30, rows: 5)
        #expect(shown.text == "out\n> abcdefghijklmnop")
        #expect(shown.cursor == (1, 18))
    }
}
