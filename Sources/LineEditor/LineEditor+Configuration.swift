import CLibEdit
import Glibc

extension LineEditor {
    /// The name of the completion command bound to Tab.
    static let completeCommand = "shop-complete"
    /// The name of the command bound to Ctrl-C.
    static let interruptCommand = "shop-interrupt"
    /// The name of the command that prints a pending completion listing.
    static let listCommand = "shop-list-completions"
    /// The name of the command that stands in for `ed-move-to-end` (see ``moveToEnd()``).
    static let moveToEndCommand = "shop-move-to-end"

    /// Private keys the editor pushes back into its own input to run a second step after libedit
    /// has redrawn the line, or to run a libedit function from one of its own. They are C1
    /// control characters (U+009D–U+009F), which keyboards do not send and the character reader
    /// never passes on; the list command ignores its key unless a listing is pending.
    static let finishLineKey: wchar_t = 0x9E
    static let listKey: wchar_t = 0x9F
    static let moveToEndKey: wchar_t = 0x9D
    private static let finishLineKeyName = "\\236"
    private static let listKeyName = "\\237"
    private static let moveToEndKeyName = "\\235"

    /// Installs callbacks, key bindings and terminal modes, then reads the editrc.
    func configure(terminalType: String?, editrc: EditrcLocation) {
        _ = shop_el_set_signal(editLine, 0)
        if let terminalType { _ = shop_el_set_terminal(editLine, terminalType) }
        _ = shop_el_set_clientdata(editLine, Unmanaged.passUnretained(self).toOpaque())
        _ = shop_el_set_prompt_esc(
            editLine,
            { editLine in
                // libedit cannot take a NULL prompt; an empty static string stands in (never written).
                guard let editor = LineEditor.owner(of: editLine) else {
                    let empty: StaticString = ""
                    return UnsafeMutableRawPointer(mutating: empty.utf8Start).assumingMemoryBound(to: CChar.self)
                }
                return editor.promptPointer
            },
            CChar(bitPattern: EditorPrompt.literalMarker))
        _ = shop_el_set_getcfn(editLine) { editLine, character in
            guard let editor = LineEditor.owner(of: editLine), let character else { return -1 }
            return editor.readCharacter(into: character)
        }
        _ = shop_el_set_history(editLine, historyHandle)
        _ = shop_el_add_function(editLine, Self.completeCommand, "Complete the word before the cursor") {
            editLine, _ in
            LineEditor.owner(of: editLine)?.completeAtCursor() ?? UInt8(CC_ERROR)
        }
        _ = shop_el_add_function(editLine, Self.interruptCommand, "Abandon the line (Ctrl-C)") { editLine, _ in
            LineEditor.owner(of: editLine)?.interrupt() ?? UInt8(CC_ERROR)
        }
        _ = shop_el_add_function(editLine, Self.listCommand, "List completion candidates") { editLine, _ in
            LineEditor.owner(of: editLine)?.listPendingCompletions() ?? UInt8(CC_ERROR)
        }
        _ = shop_el_add_function(editLine, Self.moveToEndCommand, "Move to the end of the line") { editLine, _ in
            LineEditor.owner(of: editLine)?.moveToEnd() ?? UInt8(CC_ERROR)
        }

        // End is bound from libedit's arrow-key table whenever a key map is set up (here and by
        // a `bind -v` in the editrc), so the table must name the safe move first.
        parse(["bind", "-k", "end", Self.moveToEndCommand])
        parse(["bind", "-e"])
        bindKeys()
        // Ctrl-C must reach the editor as a key, not raise SIGINT, while a line is edited.
        parse(["setty", "-d", "-isig"])

        guard let path = editrc.path(), access(path, R_OK) == 0 else { return }
        let modeBefore = keyBindingMode
        _ = el_source(editLine, path)
        if keyBindingMode != modeBefore {
            // `bind -v` / `bind -e` reset the key maps: bind everything again.
            bindKeys()
        } else {
            bindEssentialKeys()
        }
    }

    /// Tab, Ctrl-R, and the essential keys, in the current mode's maps.
    private func bindKeys() {
        parse(["bind", "^I", Self.completeCommand])
        parse(["bind", "^R", "em-inc-search-prev"])
        bindEssentialKeys()
    }

    /// The keys the editor's behaviour depends on: Ctrl-C (also in vi command mode), the
    /// private keys, and the unsafe bindings bound away. Re-bound after the editrc so it cannot
    /// break them.
    private func bindEssentialKeys() {
        for map in [[], ["-a"]] {
            parse(["bind"] + map + ["^C", Self.interruptCommand])
            parse(["bind"] + map + [Self.finishLineKeyName, "ed-newline"])
            parse(["bind"] + map + [Self.listKeyName, Self.listCommand])
            parse(["bind"] + map + [Self.moveToEndKeyName, "ed-move-to-end"])
        }
        bindUnsafeKeysAway()
    }
}
