import ShopPluginAPI

/// Runs the open or close animation of a card when the console offers a terminal (interactive,
/// animations on, outside scripts) and the command was not given `--no-animation`.
enum FeedTransition {
    /// The flag that turns the animation off for one command, with what it shows instead.
    static func skipFlag(showing what: String) -> Flag {
        Flag("--no-animation", "show \(what) at once, without the transition")
    }

    /// Animates card `index` (0-based) of `cards` opening or closing, unless `skipped` or
    /// there is no terminal.
    static func runIfAllowed(
        _ direction: TransitionFrames.Direction, card index: Int, of cards: [FeedCard], skipped: Bool,
        invocation: Invocation
    ) {
        guard let terminal = invocation.console.terminal, !skipped,
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
