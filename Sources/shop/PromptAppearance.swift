import LineEditor
import ShopLanguage
import ShopPluginAPI
import ShopRendering
import ShopRuntime

/// How the REPL's line editor looks: the line coloured as it is typed from the parser that runs
/// it, suggestions from history after the cursor, the continuation prompt of a block.
///
/// Colour and suggestions need colour on standard output (`--color`, `NO_COLOR`, the
/// terminal); `SHOP_HINTS=0` turns suggestions off.
struct PromptAppearance {
    let style: TerminalStyle
    let variables: [String: String]

    /// The prompt of a block's second and later lines, as typed and as recalled.
    static let continuationPrompt = "...> "

    /// Sets up `editor`; the highlighter knows commands from what `session` has at the prompt.
    func apply(to editor: LineEditor, session: SessionAtPrompt) {
        editor.continuationPrompt = Self.continuationPrompt
        editor.editorEnvironment = variables
        editor.usesColor = style.isEnabled
        editor.showsSuggestions = style.isEnabled && variables["SHOP_HINTS"] != "0"
        guard style.isEnabled else { return }
        editor.highlighter = { line in
            let userCommands = session.userCommandNames()
            return SyntaxHighlighting.spans(of: line) { words in
                Self.commandLength(of: words, registry: session.session.registry, userCommands: userCommands)
            }
            .map { StyledSpan($0.range, Self.textStyle(for: $0.kind)) }
        }
    }

    /// How many of `words` name a command: a registry command (with a plugin's verb) or the
    /// user's own; nil when none.
    private static func commandLength(
        of words: [String], registry: CommandRegistry, userCommands: Set<String>
    ) -> Int? {
        if let (_, length) = try? registry.resolve(words) { return length }
        return words.first.map(userCommands.contains) == true ? 1 : nil
    }

    /// The colours of each part of a line, after fish's: commands blue, unknown ones red,
    /// strings yellow, variables green, options cyan.
    static func textStyle(for kind: SyntaxHighlighting.Kind) -> TextStyle {
        switch kind {
        case .command: TextStyle(foreground: .standard(4), isBold: true)
        case .unknownCommand: TextStyle(foreground: .standard(1))
        case .keyword: TextStyle(foreground: .standard(5), isBold: true)
        case .option: TextStyle(foreground: .standard(6))
        case .string: TextStyle(foreground: .standard(3))
        case .variable: TextStyle(foreground: .standard(2))
        case .number: TextStyle(foreground: .standard(5))
        case .path: TextStyle(isUnderlined: true)
        case .comment: TextStyle(foreground: .standard(8))
        case .operator: TextStyle(foreground: .standard(6), isBold: true)
        case .unclosed: TextStyle(foreground: .standard(1), isBold: true, isUnderlined: true)
        }
    }
}
