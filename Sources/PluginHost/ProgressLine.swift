import ShopPluginAPI
import Synchronization

/// An outside plugin's `progress` notifications as one status line on the terminal, redrawn
/// in place (`promo: checking 3 codes 40%`) and erased when the call ends, or while `output`
/// lines are printed above it.
///
/// It draws only on the console's terminal surface, which a command has at an interactive
/// prompt with animations on: scripts, tests, pipes and `--no-animation` never see it.
///
/// ```swift
/// let line = ProgressLine(terminal: invocation.console.terminal, plugin: "promo")
/// line.show(message: "checking 3 codes", fraction: 0.4)
/// line.clear()
/// ```
final class ProgressLine: Sendable {
    private let terminal: (any TerminalSurface)?
    private let plugin: String
    /// The line on the terminal now, if any.
    private let shown = Mutex<String?>(nil)

    init(terminal: (any TerminalSurface)?, plugin: String) {
        self.terminal = terminal
        self.plugin = plugin
    }

    /// Draws the line for a `progress` notification, over the previous one.
    func show(message: String?, fraction: Double?) {
        guard let terminal else { return }
        let text = Self.text(plugin: plugin, message: message, fraction: fraction, width: terminal.size.columns)
        shown.withLock { shown in
            terminal.write("\r\u{1B}[2K" + text)
            shown = text
        }
    }

    /// Prints `lines` with `print` while the status line is away, then draws it again.
    func printAbove(_ print: () -> Void) {
        shown.withLock { shown in
            guard let terminal, let text = shown else { return print() }
            terminal.write("\r\u{1B}[2K")
            print()
            terminal.write(text)
        }
    }

    /// Erases the line, when one is shown.
    func clear() {
        shown.withLock { shown in
            guard let terminal, shown != nil else { return }
            terminal.write("\r\u{1B}[2K")
            shown = nil
        }
    }

    /// The line's words, sanitized and cut to one column less than the terminal's width (so
    /// the cursor never wraps): the plugin's name, the message and the fraction as a percentage.
    static func text(plugin: String, message: String?, fraction: Double?, width: Int) -> String {
        var text = plugin + ":"
        if let message, !message.isEmpty { text += " " + Sanitizer.inert(message) }
        if let fraction, fraction.isFinite {
            text += " " + String(Int((min(max(fraction, 0), 1) * 100).rounded(.down))) + "%"
        }
        return TextLayout.truncate(text, to: max(1, width - 1))
    }
}
