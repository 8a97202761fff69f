import ShopPluginAPI

/// The brief animation when a service is selected at a terminal: the checkmark in front of
/// the message pulses twice (about a quarter of a second; any key skips), then the line is
/// cleared for the message itself.
///
/// Only ever played on ``Console/terminal``, which exists when a person is at a terminal with
/// animations on and no script is running.
enum CheckmarkPulse {
    /// The frames' styles, in order.
    static let frames: [[TextAttribute]] = [
        [.bold, .foreground(CardBox.highlight)], [.dim], [.bold, .foreground(CardBox.highlight)], [.dim],
        [.bold, .foreground(CardBox.highlight)],
    ]
    /// How long each frame stays, in seconds.
    static let frameDuration = 0.05

    /// Plays the pulse in front of `text` (sanitized) on `terminal`.
    static func play(before text: String, on terminal: any TerminalSurface, style: TerminalStyle) {
        for (number, attributes) in frames.enumerated() {
            // Without colours the mark blinks instead.
            let mark = style.isEnabled ? style.apply(attributes, to: "✓") : number.isMultiple(of: 2) ? "✓" : " "
            terminal.write("\r" + mark + " " + text)
            if terminal.waitForKey(seconds: frameDuration) { break }
        }
        terminal.write("\r\u{1B}[2K")
    }
}
