import ShopLanguage

/// What was typed at the prompt (its lines joined by `\n`), parsed once by
/// ``Session/parse(entry:)``: the REPL asks it whether the entry needs more lines, then hands
/// it back to ``Session/execute(_:)``, which runs it and decides from it how it is recorded.
public struct PromptEntry: Sendable {
    /// The text as typed.
    public let typed: String
    /// What runs and is recorded: the typed text without its leading and trailing blanks, or
    /// the command `!!` or `!N` names.
    let text: String
    /// Whether ``text`` is the command `!!` or `!N` named.
    let isExpanded: Bool
    /// The text parsed with the session's commands.
    let script: Script
    /// Why `!!` or `!N` named no command, when it did not.
    let failure: String?

    init(typed: String, text: String, isExpanded: Bool = false, script: Script, failure: String? = nil) {
        self.typed = typed
        self.text = text
        self.isExpanded = isExpanded
        self.script = script
        self.failure = failure
    }

    /// Whether the entry ends inside a quote, a literal, a `$(`, a block or after a `\`, so
    /// that the next line typed goes on with it.
    public var needsMoreLines: Bool {
        script.diagnostics.contains(where: \.isEndOfInput)
    }

    /// Whether nothing is to run: blanks, or a comment.
    public var isBlank: Bool {
        text.isEmpty || text.hasPrefix("#")
    }
}
