/// Where the glyphs of the edit area land on a terminal of a given width: rows of placed
/// glyphs, which rows run on into the next, and the cursor.
///
/// The editor never relies on a terminal's own choices: a glyph that does not fit at the end
/// of a row starts the next one, the row filled with blanks (so the terminal wraps it where the
/// editor does, and keeps the rows one logical line it can reflow); an uncertain glyph
/// (see ``Glyph/isUncertain``) never ends a row, so the cursor can always be put after it.
struct ScreenLayout: Equatable {
    /// A glyph and the column it starts at.
    struct Placed: Equatable {
        var glyph: Glyph
        var column: Int
    }

    /// One terminal row.
    struct Row: Equatable {
        var glyphs: [Placed] = []
        /// The row is full and the text runs on into the next row (a soft wrap).
        var continues = false
    }

    /// The terminal width the layout is for.
    let width: Int
    private(set) var rows: [Row] = [Row()]
    /// The cursor: a row, and a column of that row.
    private(set) var cursor = (row: 0, column: 0)
    private var column = 0
    private var cursorIsPlaced = false

    /// An empty layout for a terminal `width` columns wide (at least one).
    init(width: Int) {
        self.width = max(1, width)
    }

    static func == (lhs: ScreenLayout, rhs: ScreenLayout) -> Bool {
        lhs.width == rhs.width && lhs.rows == rhs.rows && lhs.cursor == rhs.cursor
    }

    /// Appends a glyph after the last, starting a new row when it does not fit.
    mutating func append(_ glyph: Glyph) {
        var glyph = glyph
        if glyph.isTab {
            if column == width { startContinuationRow() }
            glyph.width = min(8 - column % 8, width - column)
            glyph.text = String(repeating: " ", count: glyph.width)
            place(glyph)
            return
        }
        if glyph.width > width - (glyph.isUncertain ? 1 : 0) {
            // Wider than a row can hold (a very narrow terminal): a stand-in of one column.
            glyph = Glyph(text: "?", width: 1, style: glyph.style, prefix: glyph.prefix)
        }
        guard glyph.width > 0 else {
            place(glyph)
            return
        }
        if column == width {
            startContinuationRow()
        } else if !fits(glyph) {
            while column < width { place(.padding) }
            startContinuationRow()
        }
        place(glyph)
    }

    /// Appends glyphs as far as they fit on the row where the next glyph would go, and no
    /// further: a hint after the cursor never takes a new row.
    mutating func appendWithinRow(_ glyphs: [Glyph]) {
        if column == width { startContinuationRow() }
        for glyph in glyphs {
            guard glyph.width > 0, !glyph.isTab, fits(glyph) else { return }
            place(glyph)
        }
    }

    /// Puts the cursor where the next glyph would go.
    mutating func placeCursor() {
        if column == width { startContinuationRow() }
        cursor = (rows.count - 1, column)
        cursorIsPlaced = true
    }

    /// Ends the row: what follows starts on a new row, not as a continuation.
    mutating func breakLine() {
        rows.append(Row())
        column = 0
    }

    /// Puts the cursor after the last glyph unless it was placed.
    mutating func finish() {
        if !cursorIsPlaced { placeCursor() }
    }

    private func fits(_ glyph: Glyph) -> Bool {
        glyph.isUncertain ? column + glyph.width < width : column + glyph.width <= width
    }

    private mutating func place(_ glyph: Glyph) {
        rows[rows.count - 1].glyphs.append(Placed(glyph: glyph, column: column))
        column += glyph.width
    }

    private mutating func startContinuationRow() {
        rows[rows.count - 1].continues = true
        rows.append(Row())
        column = 0
    }
}
