import CLibEdit
import Glibc

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
    /// `ed-move-to-end` (`$`, End, Ctrl-E) in the vi maps puts the cursor one character before
    /// the line on an empty line; it is replaced by ``moveToEnd()``, which does the same move
    /// except there. That matters even with ``keepCursorInLine()``, which runs before each key
    /// typed: `vi-redo` (`.`) replays recorded keys (Ctrl-E among them) without reading the
    /// terminal, so the next edit would come before any repair.
    static func unsafeBindings(mode: String) -> [UnsafeBinding] {
        mode == "vi"
            ? [
                UnsafeBinding(keys: [":"], inViCommandMap: true, function: "ed-command"),
                UnsafeBinding(keys: ["v"], inViCommandMap: true, function: "vi-histedit"),
            ]
            : [UnsafeBinding(keys: ["\\ex", "\\eX"], inViCommandMap: false, function: "ed-command")]
    }

    /// Binds the current mode's unsafe keys to `ed-unassigned`, and Ctrl-E and vi's `$` to
    /// ``moveToEnd()`` (End is rebound in ``configure(terminalType:editrc:)``).
    func bindUnsafeKeysAway() {
        for binding in Self.unsafeBindings(mode: keyBindingMode) {
            for key in binding.keys {
                parse(["bind"] + (binding.inViCommandMap ? ["-a"] : []) + [key, "ed-unassigned"])
            }
        }
        for map in [[], ["-a"]] {
            parse(["bind"] + map + ["^E", Command.moveToEnd.rawValue])
        }
        if keyBindingMode == "vi" { parse(["bind", "-a", "$", Command.moveToEnd.rawValue]) }
    }

    /// `ed-move-to-end`, except that on an empty line nothing moves, and at the end of the
    /// line it takes the suggestion shown there.
    ///
    /// It hands over to libedit's own function through a private key (``handOver(to:)``).
    func moveToEnd() -> UInt8 {
        let (before, after) = lineAroundCursor()
        guard !before.isEmpty || !after.isEmpty else { return UInt8(CC_NORM) }
        if after.isEmpty, acceptSuggestion(oneWord: false) { return UInt8(CC_REFRESH) }
        return handOver(to: Self.moveToEndKey)
    }

    /// Runs the libedit function bound to a private key next, returning `CC_ARGHACK` so that a
    /// pending vi operator (`d$`, `c$`) and a repeat count still apply to it.
    func handOver(to privateKey: wchar_t) -> UInt8 {
        var key: [wchar_t] = [privateKey, 0]
        el_wpush(editLine, &key)
        return UInt8(CC_ARGHACK)
    }
}
