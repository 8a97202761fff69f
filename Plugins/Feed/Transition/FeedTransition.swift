import ShopKit

/// Runs the open or close animation of a card when the console offers a terminal (interactive,
/// animations on, outside scripts) and the command was not given `--no-animation`.
enum FeedTransition {
    /// The flag that turns the animation off for one command.
    static let flag = "--no-animation"

    /// Animates card `index` (0-based) of `cards` opening or closing, if allowed.
    static func runIfAllowed(
        _ direction: TransitionFrames.Direction, card index: Int, of cards: [FeedCard], invocation: Invocation
    ) {
        guard let terminal = invocation.console.terminal, !invocation.arguments.flag(flag),
            cards.indices.contains(index)
        else { return }
        let size = terminal.size
        let frames = TransitionFrames(
            card: placement(ofCard: index, cardCount: cards.count, screen: size), screen: size,
            color: cards[index].color, title: cards[index].title, style: invocation.environment.style)
        invocation.console.flush()
        TransitionPlayer.play(frames.frames(direction), on: terminal)
    }

    /// Where card `index` is on a screen that shows the end of the list just printed (with the
    /// prompt on the last row): the list's placement moved up by what scrolled away.
    static func placement(ofCard index: Int, cardCount: Int, screen: (columns: Int, rows: Int)) -> CellRect {
        let grid = FeedGrid(width: screen.columns)
        let gridRows = (cardCount + grid.columns - 1) / grid.columns
        let listHeight = FeedHeader.height + gridRows * (CardBox.listHeight + 1) - 1
        var rect = grid.placement(ofCard: index)
        rect.row -= max(0, listHeight + 1 - screen.rows)
        return rect.clamped(columns: screen.columns, rows: screen.rows)
    }
}
