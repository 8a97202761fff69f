/// The rows of the terminal the editor draws on — prompt, line, hint, status rows below — and
/// the bytes that change them from one ``ScreenLayout`` to the next.
///
/// A frame rewrites the area from the first glyph that changed (the prompt, drawn once per
/// line, stays as it is), clearing the rest first, so nothing of an earlier frame is left.
/// The area keeps what it drew so that after a resize it can find its top row again: terminals
/// that reflow wrapped rows (VTE, kitty, iTerm2, tmux) keep the cursor at its place in the
/// text, so its row from the top is where the drawn text's cursor lands at the new width.
struct EditArea {
    /// What the terminal shows of the area.
    private struct Drawn {
        /// The layout drawn and the first of its rows shown (a line taller than the screen
        /// shows the rows around the cursor).
        var layout: ScreenLayout
        var firstRow: Int
        var rowCount: Int
        /// The terminal cursor's row from the area's top.
        var cursorRow: Int
    }

    private var drawn: Drawn?
    /// Whether the next frame starts a new area at the terminal's cursor, which may follow
    /// output that did not end its line.
    private var startsFresh = true

    /// Shown, followed by blanks, where output left a line unfinished before the prompt.
    static let unfinishedLineMarker = "\u{23CE}"

    /// The next frame starts a new area below whatever the terminal shows.
    mutating func startNewArea() {
        drawn = nil
        startsFresh = true
    }

    /// The bytes that draw `layout` on a screen `height` rows tall, in place of the last frame;
    /// none when nothing changed.
    mutating func frame(for layout: ScreenLayout, height: Int) -> [UInt8] {
        let visible = min(layout.rows.count, max(1, height))
        let firstRow = max(0, min(layout.rows.count - visible, layout.cursor.row))
        let next = Drawn(layout: layout, firstRow: firstRow, rowCount: visible, cursorRow: layout.cursor.row - firstRow)
        var output = "\u{1B}[?25l"
        var start = (row: firstRow, glyph: 0)
        defer {
            drawn = next
            startsFresh = false
        }
        if let drawn, drawn.layout.width == layout.width, drawn.firstRow == firstRow {
            guard let change = Self.firstChange(from: drawn.layout, to: layout) else {
                guard drawn.cursorRow != next.cursorRow || drawn.layout.cursor != layout.cursor else { return [] }
                return Array(Self.cursorMove(from: drawn.cursorRow, to: layout.cursor, firstRow: firstRow).utf8)
            }
            start = Self.startOfRedraw(at: change, in: layout)
            if start.row < firstRow { start = (firstRow, 0) }
            // A change below the rows shown shows nothing.
            guard start.row < firstRow + visible else {
                return Array(Self.cursorMove(from: drawn.cursorRow, to: layout.cursor, firstRow: firstRow).utf8)
            }
            let column =
                layout.rows[start.row].glyphs[start.glyph...].first?.column ?? Self.rowEnd(layout.rows[start.row])
            output += "\r" + Self.verticalMove(by: (start.row - firstRow) - drawn.cursorRow)
            if column > 0 { output += "\u{1B}[\(column)C" }
        } else if let drawn {
            output += "\r" + Self.verticalMove(by: -drawn.cursorRow)
        } else if startsFresh {
            output += Self.freshLine(width: layout.width)
        } else {
            output += "\r"
        }
        output += "\u{1B}[J" + Self.draw(layout, rows: firstRow..<(firstRow + visible), from: start)
        // The terminal cursor is after the last glyph of the last row shown; put it in place.
        output += Self.cursorMove(from: visible - 1, to: layout.cursor, firstRow: firstRow) + "\u{1B}[?25h"
        return Array(output.utf8)
    }

    /// Takes note that the terminal is now `width` columns wide and has reflowed the area.
    mutating func terminalResized(toWidth width: Int) {
        guard var area = drawn else { return }
        area.cursorRow = Self.cursorRowAfterReflow(of: area, width: max(1, width))
        drawn = area
    }

    /// The bytes that leave the area: the cursor goes below its last row, onto a new line.
    /// The next frame starts a new area.
    mutating func finish() -> [UInt8] {
        defer {
            drawn = nil
            startsFresh = false
        }
        guard let drawn else { return Array("\r\n".utf8) }
        return Array(("\r" + Self.verticalMove(by: drawn.rowCount - 1 - drawn.cursorRow) + "\r\n").utf8)
    }

    /// The bytes that put `text` (whole lines) where the area is, the area to be drawn again
    /// below it.
    mutating func printAbove(_ lines: [String]) -> [UInt8] {
        var output = "\r" + Self.verticalMove(by: -(drawn?.cursorRow ?? 0)) + "\u{1B}[J"
        for line in lines { output += line + "\u{1B}[0m\r\n" }
        drawn = nil
        startsFresh = false
        return Array(output.utf8)
    }

    /// The bytes that clear the screen; the area is drawn again at its top.
    mutating func clearScreen() -> [UInt8] {
        drawn = nil
        startsFresh = false
        return Array("\u{1B}[H\u{1B}[2J".utf8)
    }

    // MARK: Drawing

    /// The bytes that draw `rows` of `layout` from `start`, the terminal cursor being there
    /// and everything after it cleared.
    private static func draw(_ layout: ScreenLayout, rows: Range<Int>, from start: (row: Int, glyph: Int)) -> String {
        var output = ""
        // The style last set by the editor; nil while the prompt's own escapes rule.
        var current: TextStyle?
        for rowIndex in start.row..<rows.upperBound {
            let row = layout.rows[rowIndex]
            if rowIndex > start.row {
                if !layout.rows[rowIndex - 1].continues {
                    output += "\r\n"
                } else if !row.glyphs.contains(where: { $0.glyph.width > 0 }) {
                    // A full row runs on into an empty one: a blank makes the terminal wrap.
                    output += " \r"
                }
            }
            for placed in row.glyphs[(rowIndex == start.row ? start.glyph : 0)...] {
                let glyph = placed.glyph
                if let style = glyph.style {
                    if style != current { output += style.escapeSequence }
                    current = style
                } else {
                    if let style = current, style != .plain { output += TextStyle.plain.escapeSequence }
                    current = nil
                }
                output += glyph.prefix + glyph.text
                if glyph.isUncertain { output += "\u{1B}[\(placed.column + glyph.width + 1)G" }
            }
        }
        return output + TextStyle.plain.escapeSequence
    }

    /// Where to start drawing for a change at `change`: at the glyph, unless the row is full up
    /// to it (then at the row's last glyph, which leaves the terminal ready to wrap) or the
    /// prompt's colours would be lost (then at the row's start).
    private static func startOfRedraw(at change: (row: Int, glyph: Int), in layout: ScreenLayout) -> (
        row: Int, glyph: Int
    ) {
        let glyphs = layout.rows[change.row].glyphs
        var index = change.glyph
        if index >= glyphs.count, rowEnd(layout.rows[change.row]) >= layout.width {
            index = glyphs.lastIndex { $0.glyph.width > 0 } ?? 0
        }
        if index < glyphs.count, glyphs[index].glyph.style == nil { index = 0 }
        return (change.row, index)
    }

    private static func rowEnd(_ row: ScreenLayout.Row) -> Int {
        row.glyphs.last.map { $0.column + $0.glyph.width } ?? 0
    }

    /// From the terminal cursor on `row` (from the area's top) to `cursor` of a layout shown
    /// from `firstRow`.
    private static func cursorMove(from row: Int, to cursor: (row: Int, column: Int), firstRow: Int) -> String {
        "\r" + verticalMove(by: cursor.row - firstRow - row) + (cursor.column > 0 ? "\u{1B}[\(cursor.column)C" : "")
    }

    /// The first glyph where the rows of `new` differ from those of `old`, as a row and an
    /// index in it; nil when they are the same.
    private static func firstChange(from old: ScreenLayout, to new: ScreenLayout) -> (row: Int, glyph: Int)? {
        for rowIndex in 0..<max(old.rows.count, new.rows.count) {
            guard rowIndex < old.rows.count, rowIndex < new.rows.count else {
                let previous = rowIndex - 1
                return (previous, min(old.rows[previous].glyphs.count, new.rows[previous].glyphs.count))
            }
            let (before, after) = (old.rows[rowIndex], new.rows[rowIndex])
            let common = zip(before.glyphs, after.glyphs).prefix { $0 == $1 }.count
            if common < before.glyphs.count || common < after.glyphs.count || before.continues != after.continues {
                return (rowIndex, common)
            }
        }
        return nil
    }

    /// Up (negative) or down (positive) that many rows, without scrolling.
    private static func verticalMove(by rows: Int) -> String {
        rows < 0 ? "\u{1B}[\(-rows)A" : rows > 0 ? "\u{1B}[\(rows)B" : ""
    }

    /// Starts the area at the beginning of a line: after a line of output left unfinished the
    /// marker and blanks wrap onto a new row; at the start of a row they fill it, and are cleared.
    private static func freshLine(width: Int) -> String {
        unfinishedLineMarker + String(repeating: " ", count: max(0, width - 1)) + "\r\u{1B}[K"
    }

    // MARK: Reflow

    /// The row of the cursor from the area's top once a terminal reflowed the drawn rows to
    /// `width` columns: each run of rows joined by soft wraps is one line, wrapped again.
    private static func cursorRowAfterReflow(of drawn: Drawn, width: Int) -> Int {
        let layout = drawn.layout
        var rowsAbove = 0
        var line: [Int] = []
        var cursorCell: Int?
        for index in drawn.firstRow..<(drawn.firstRow + drawn.rowCount) {
            let row = layout.rows[index]
            if index == layout.cursor.row {
                cursorCell =
                    line.count + row.glyphs.count(where: { $0.glyph.width > 0 && $0.column < layout.cursor.column })
            }
            let cells = row.glyphs.map(\.glyph.width).filter { $0 > 0 }
            // An empty row a full one runs on into was made with one blank.
            let continuesAbove = index > drawn.firstRow && layout.rows[index - 1].continues
            line += cells.isEmpty && continuesAbove ? [1] : cells
            guard !row.continues || index == drawn.firstRow + drawn.rowCount - 1 else { continue }
            if let cursorCell { return rowsAbove + Self.row(ofCell: cursorCell, in: line, width: width) }
            rowsAbove += line.isEmpty ? 1 : Self.row(ofCell: line.count - 1, in: line, width: width) + 1
            line = []
        }
        return rowsAbove
    }

    /// The row, from a line's first, where its cell `index` lands (or the position after its
    /// last cell, for `cells.count`) when the line is wrapped at `width` columns.
    private static func row(ofCell index: Int, in cells: [Int], width: Int) -> Int {
        var (row, column) = (0, 0)
        for (offset, cellWidth) in cells.enumerated() {
            if column + cellWidth > width && column > 0 {
                row += 1
                column = 0
            }
            if offset == index { return row }
            column += cellWidth
        }
        return column >= width ? row + 1 : row
    }
}
