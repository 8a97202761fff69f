import ShopTestSupport
import Testing

@testable import LineEditor

/// The layout of the edit area and the bytes that draw it, played on the screen model: what
/// a person sees after each frame, after resizes, with wide characters and emoji sequences.
@Suite struct EditAreaTests {
    /// A layout of `prompt` then `line`, the cursor before scalar `cursor` (at the end when nil).
    private func layout(_ line: String, prompt: String = "> ", cursor: Int? = nil, width: Int, hint: String = "")
        -> ScreenLayout
    {
        var layout = ScreenLayout(width: width)
        for glyph in EditorPrompt(prompt).glyphs { layout.append(glyph) }
        let scalars = Array(line.unicodeScalars)
        var placed = false
        for (range, glyph) in Glyph.glyphs(of: scalars, style: { _ in .plain }) {
            if let cursor, !placed, cursor < range.upperBound {
                layout.placeCursor()
                placed = true
            }
            layout.append(glyph)
        }
        if !placed { layout.placeCursor() }
        layout.appendWithinRow(Glyph.glyphs(of: hint, style: .dim))
        layout.finish()
        return layout
    }

    private func rows(of layout: ScreenLayout) -> [String] {
        layout.rows.map { row in row.glyphs.map(\.glyph.text).joined() }
    }

    @Test func aLongLineWrapsAndTheCursorFollowsIt() {
        let wrapped = layout("abcdefghij", width: 5)
        #expect(rows(of: wrapped) == ["> abc", "defgh", "ij"])
        #expect(wrapped.rows.map(\.continues) == [true, true, false])
        #expect(wrapped.cursor == (2, 2))
    }

    @Test func aWideCharacterThatDoesNotFitStartsTheNextRowTheRowFilledWithABlank() {
        let wide = layout("ab漢", width: 5)
        #expect(rows(of: wide) == ["> ab ", "漢"])
        #expect(wide.cursor == (1, 2))
    }

    @Test func anEmojiSequenceNeverEndsARowSoTheCursorCanBePutAfterIt() {
        // 👍🏽 is given four columns (two per character, as xterm draws it), and must leave one.
        #expect(rows(of: layout("👍🏽", width: 6)) == [">     ", "👍🏽"])
        #expect(rows(of: layout("👍🏽", width: 7)) == ["> 👍🏽"])
        #expect(layout("👨‍👩‍👧", width: 20).rows[0].glyphs.last?.glyph.width == 6)
        #expect(layout("❤️", width: 20).rows[0].glyphs.last?.glyph.width == 2)
    }

    @Test func aFullRowPutsTheCursorAtTheStartOfTheNext() {
        let full = layout("abc", width: 5)
        #expect(rows(of: full) == ["> abc", ""])
        #expect(full.cursor == (1, 0))
    }

    @Test func aHintStopsAtTheEndOfTheCursorsRow() {
        let hinted = layout("se", width: 8, hint: "rvices list")
        #expect(rows(of: hinted) == ["> servic"])
        #expect(hinted.cursor == (0, 4))
    }

    @Test func controlCharactersAndLoneMarksAreShownAndTakeColumns() {
        #expect(rows(of: layout("a\u{1}b", width: 20)) == ["> a^Ab"])
        #expect(rows(of: layout("\u{301}x", width: 20)) == ["> \u{25CC}\u{301}x"])
        #expect(rows(of: layout("a\tb", width: 20)) == ["> a     b"])
    }

    /// Draws each layout in turn on a screen and returns its text.
    private func play(_ layouts: [ScreenLayout], columns: Int, rows: Int = 10, before: String = "") -> TerminalScreen {
        var screen = TerminalScreen(columns: columns, rows: rows)
        screen.feed(Array(before.utf8))
        var area = EditArea()
        for layout in layouts { screen.feed(area.frame(for: layout, height: rows)) }
        return screen
    }

    @Test func eachFrameReplacesTheLastWithNothingLeftOver() {
        let screen = play(
            [layout("hello world", width: 8), layout("hello", width: 8), layout("hi", width: 8)], columns: 8,
            before: "out\r\n")
        #expect(screen.text == "out\n> hi")
        #expect(screen.cursor == (1, 4))
    }

    @Test func aFrameKeepsThePromptAndRewritesFromTheFirstChange() {
        var area = EditArea()
        _ = area.frame(for: layout("echo", width: 40), height: 10)
        let next = String(decoding: area.frame(for: layout("echo hi", width: 40), height: 10), as: UTF8.self)
        #expect(!next.contains("> "))
        #expect(next.contains(" hi"))
        #expect(area.frame(for: layout("echo hi", width: 40), height: 10).isEmpty)
    }

    @Test func outputThatDidNotEndItsLineIsKeptAndMarked() {
        let screen = play([layout("x", width: 10)], columns: 10, before: "partial")
        #expect(screen.text == "partial\(EditArea.unfinishedLineMarker)\n> x")
    }

    @Test func aResizeRedrawsFromTheReflowedTopWithNoStaleRows() {
        let line = String(repeating: "abcdefghij", count: 5)
        var screen = TerminalScreen(columns: 60, rows: 20)
        screen.feed(Array("before\r\n".utf8))
        var area = EditArea()
        screen.feed(area.frame(for: layout(line, cursor: 12, width: 60), height: 20))
        for width in [40, 17, 100, 60] {
            screen.resize(columns: width, rows: 20)
            area.terminalResized(toWidth: width)
            let expected = layout(line, cursor: 12, width: width)
            screen.feed(area.frame(for: expected, height: 20))
            #expect(screen.text == (["before"] + rows(of: expected)).joined(separator: "\n"), "at \(width) columns")
            #expect(screen.cursor == (1 + expected.cursor.row, expected.cursor.column))
        }
    }

    @Test func aLineTallerThanTheScreenShowsTheRowsAroundTheCursor() {
        let line = String(repeating: "x", count: 60)
        let atEnd = play([layout(line, width: 10)], columns: 10, rows: 3)
        #expect(atEnd.text == "xxxxxxxxxx\nxxxxxxxxxx\nxx")
        #expect(atEnd.cursor == (2, 2))
        let atStart = play([layout(line, cursor: 0, width: 10)], columns: 10, rows: 3)
        #expect(atStart.row(0) == "> xxxxxxxx")
        #expect(atStart.cursor == (0, 2))
    }

    @Test(arguments: [TerminalScreen.WidthRule.perCharacter, .graphemeClusters])
    func textAfterEmojiSequencesLandsWhereTheLayoutPutsIt(rule: TerminalScreen.WidthRule) {
        var screen = TerminalScreen(columns: 30, rows: 5, widthRule: rule)
        var area = EditArea()
        let line = "🧺 👍🏽 👨‍👩‍👧 ❤️ 漢字 end"
        let drawn = layout(line, width: 30)
        screen.feed(area.frame(for: drawn, height: 5))
        let endColumn = drawn.rows.flatMap(\.glyphs).last { $0.glyph.text == "e" }?.column
        #expect(screen.find("end")?.column == endColumn)
        #expect(screen.cursor == drawn.cursor)
    }
}
