import ShopPluginAPI

/// Plays transition frames on a terminal in the alternate screen, so the scrollback stays as it
/// was; any key skips the rest. The page or list is printed normally afterwards.
enum TransitionPlayer {
    /// Enter the alternate screen and hide the cursor.
    static let enter = "\u{1B}[?1049h\u{1B}[?25l"
    /// Show the cursor and leave the alternate screen.
    static let leave = "\u{1B}[?25h\u{1B}[?1049l"

    /// Shows `frames` one after another, ``TransitionFrames/frameDuration`` apart; returns how
    /// many were shown (fewer when a key was pressed or the command was interrupted).
    @discardableResult
    static func play(_ frames: [String], on terminal: any TerminalSurface) -> Int {
        terminal.write(enter)
        defer { terminal.write(leave) }
        var shown = 0
        for frame in frames {
            if Task.isCancelled { break }
            terminal.write(frame)
            shown += 1
            if terminal.waitForKey(seconds: TransitionFrames.frameDuration) { break }
        }
        return shown
    }
}
