import ShopPluginAPI

/// The prompt, `shop> `: one literal for the REPL, demo mode and `run --echo`.
public enum Prompt {
    /// The prompt without styling.
    public static let plain = "shop> "

    /// The prompt as the REPL shows it: the name in bold cyan where `style` has colour.
    public static func styled(_ style: TerminalStyle) -> String {
        style.isEnabled ? "\u{1B}[1;36mshop\u{1B}[0m> " : plain
    }
}
