import ShopPluginAPI

/// A spinner on the terminal while a news load is slow: nothing for the first 300 ms, then
/// one line redrawn every 80 ms (`⠹ loading news from http://…`), erased when the load ends.
///
/// It draws only on the console's terminal surface, which a command has at an interactive
/// prompt with animations on: scripts, tests, pipes and `--no-animation` never see it.
///
/// ```swift
/// let spinner = NewsSpinner(terminal: invocation.console.terminal, label: "loading news")
/// let page = try await load()   // (stop it on failure too)
/// await spinner.stop()
/// ```
struct NewsSpinner: Sendable {
    /// How long a load runs before the spinner shows.
    static let delay: Duration = .milliseconds(300)
    /// How often a frame is drawn.
    static let interval: Duration = .milliseconds(80)
    static let frames = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]

    private let task: Task<Void, Never>?

    /// Starts the clock; with no terminal, does nothing at all.
    init(terminal: (any TerminalSurface)?, label: String) {
        guard let terminal else {
            task = nil
            return
        }
        let line = Sanitizer.inert(label)
        task = Task {
            do {
                try await Task.sleep(for: Self.delay)
            } catch {
                return
            }
            var frame = 0
            while !Task.isCancelled {
                terminal.write("\r" + Self.frames[frame % Self.frames.count] + " " + line)
                frame += 1
                do {
                    try await Task.sleep(for: Self.interval)
                } catch {
                    break
                }
            }
            terminal.write("\r\u{1B}[2K")
        }
    }

    /// Stops the spinner and waits until its line is erased (at once when it never showed).
    func stop() async {
        task?.cancel()
        await task?.value
    }
}
