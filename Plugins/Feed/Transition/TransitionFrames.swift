import ShopPluginAPI

/// The frames of the open and close animation: a card's rectangle growing from its place in the
/// list to the whole screen, or shrinking back — pure text, so tests can read every frame.
///
/// Each frame clears the screen and draws the rectangle: filled with the card's colour where
/// the terminal has colour, outlined with box-drawing characters where it has none, with the
/// card's title on its middle row when it fits. The size follows an ease-out curve, quick at
/// first and settling gently, like the spring of the original transition.
struct TransitionFrames {
    /// Which way the card moves.
    enum Direction: Sendable, Equatable {
        /// From the card's place to the full screen.
        case open
        /// From the full screen back to the card's place.
        case close
    }

    /// Frames per transition.
    static let frameCount = 8
    /// Seconds each frame stays up.
    static let frameDuration = 0.04
    /// The whole transition's length: ``frameCount`` × ``frameDuration`` (0.32 s).
    static var duration: Double { Double(frameCount) * frameDuration }

    /// The card's rectangle on the screen.
    let card: CellRect
    /// The screen's size in cells.
    let screen: (columns: Int, rows: Int)
    let color: FeedColor
    /// The text on the rectangle's middle row (sanitized here).
    let title: String
    let style: TerminalStyle

    /// The rectangle of every frame, first to last.
    func rectangles(_ direction: Direction, count: Int = frameCount) -> [CellRect] {
        let full = CellRect(column: 0, row: 0, width: screen.columns, height: screen.rows)
        let small = card.clamped(columns: screen.columns, rows: screen.rows)
        let (from, to) = direction == .open ? (small, full) : (full, small)
        let count = max(2, count)
        return (0..<count).map { index in
            let progress = Self.easeOut(Double(index) / Double(count - 1))
            func mix(_ start: Int, _ end: Int) -> Int {
                Int((Double(start) + (Double(end) - Double(start)) * progress).rounded())
            }
            return CellRect(
                column: mix(from.column, to.column), row: mix(from.row, to.row), width: mix(from.width, to.width),
                height: mix(from.height, to.height)
            ).clamped(columns: screen.columns, rows: screen.rows)
        }
    }

    /// The escape sequences that draw every frame, first to last.
    func frames(_ direction: Direction, count: Int = frameCount) -> [String] {
        rectangles(direction, count: count).map(draw)
    }

    /// Ease-out cubic: 0 at 0, 1 at 1, fast at first.
    static func easeOut(_ time: Double) -> Double {
        let remaining = 1 - min(1, max(0, time))
        return 1 - remaining * remaining * remaining
    }

    /// One frame: clear the screen, then each row of the rectangle at its place.
    func draw(_ rect: CellRect) -> String {
        var frame = "\u{1B}[H\u{1B}[2J"
        let label = TextLayout.truncate(Sanitizer.inert(title), to: max(0, rect.width - 4))
        let labelRow = rect.height / 2
        for offset in 0..<rect.height {
            frame += "\u{1B}[\(rect.row + offset + 1);\(rect.column + 1)H"
            frame += row(offset, of: rect, label: offset == labelRow && rect.height >= 3 ? label : "")
        }
        return frame
    }

    private func row(_ offset: Int, of rect: CellRect, label: String) -> String {
        let width = rect.width
        if style.isEnabled {
            let text = TextLayout.pad(label, to: width, alignment: .center)
            return style.apply([.background(color.rgb), .foreground(color.textColor), .bold], to: text)
        }
        guard width >= 2, rect.height >= 2 else { return String(repeating: "█", count: width) }
        let inner = width - 2
        if offset == 0 { return "╭" + String(repeating: "─", count: inner) + "╮" }
        if offset == rect.height - 1 { return "╰" + String(repeating: "─", count: inner) + "╯" }
        return "│" + TextLayout.pad(label, to: inner, alignment: .center) + "│"
    }
}
