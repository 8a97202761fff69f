extension LineEditor {
    /// A key binding of libedit's default key maps that must not run here, and its replacement.
    struct UnsafeBinding {
        /// The keys as `bind` spells them (`\ex` is Esc x, the Meta-x of terminals).
        let keys: [String]
        /// Whether the keys are in the vi command map (`bind -a`) rather than the main one.
        let inViCommandMap: Bool
        /// The libedit function bound there by default.
        let function: String
    }

    /// The libedit functions of the default emacs and vi key maps that must not run in shop,
    /// found by reading libedit's source (Debian 3.1-20221030) and by random keys on a terminal
    /// (`RandomKeyTests`). Their keys are bound to `ed-unassigned` (a beep), after the editrc
    /// too, so a `bind -v` there cannot bring them back.
    ///
    /// - `ed-command` (emacs Esc x / Esc X, vi `:`) reads a libedit command line and runs it:
    ///   an unbalanced quote (`"`) leaves the tokenizer without words and `el_wparse`
    ///   dereferences NULL (a segfault), and what it runs (`bind`, `setty`, `settc`, `edit`)
    ///   would unbind shop's own keys.
    /// - `vi-histedit` (vi `v`) forks this multi-threaded process to run `$EDITOR` (or `vi`) on a
    ///   file in /tmp while the terminal is still in libedit's raw mode; when the exec fails the
    ///   child calls `exit`, running this process's exit handlers a second time.
    ///
    /// The vi functions that leave the cursor outside the line (`$`, End, `n`, `N`) stay bound:
    /// ``keepCursorInLine()`` repairs the cursor before the next key.
    static func unsafeBindings(mode: String) -> [UnsafeBinding] {
        mode == "vi"
            ? [
                UnsafeBinding(keys: [":"], inViCommandMap: true, function: "ed-command"),
                UnsafeBinding(keys: ["v"], inViCommandMap: true, function: "vi-histedit"),
            ]
            : [UnsafeBinding(keys: ["\\ex", "\\eX"], inViCommandMap: false, function: "ed-command")]
    }

    /// Binds the current mode's unsafe keys to `ed-unassigned`.
    func bindUnsafeKeysAway() {
        for binding in Self.unsafeBindings(mode: keyBindingMode) {
            for key in binding.keys {
                parse(["bind"] + (binding.inViCommandMap ? ["-a"] : []) + [key, "ed-unassigned"])
            }
        }
    }
}
