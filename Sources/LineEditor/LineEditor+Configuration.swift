import CLibEdit
import Glibc

extension LineEditor {
    /// The editor's own commands, added to libedit by name and bound to keys.
    enum Command: String {
        case complete = "shop-complete"
        case interrupt = "shop-interrupt"
        case moveToEnd = "shop-move-to-end"
        case forwardCharacter = "shop-forward-char"
        case backwardCharacter = "shop-backward-char"
        case forwardWord = "shop-forward-word"
        case deletePrevious = "shop-delete-previous"
        case deleteNext = "shop-delete-next"
        case clearScreen = "shop-clear-screen"
        case searchHistory = "shop-search-history"
        case editLine = "shop-edit-line"

        var help: String {
            switch self {
            case .complete: "Complete the word before the cursor"
            case .interrupt: "Abandon the line (Ctrl-C)"
            case .moveToEnd: "Move to the end of the line, taking the suggestion there"
            case .forwardCharacter: "Move right a character, taking the suggestion at the end"
            case .backwardCharacter: "Move left a character"
            case .forwardWord: "Move right a word, taking a word of the suggestion at the end"
            case .deletePrevious: "Delete the character before the cursor"
            case .deleteNext: "Delete the character under the cursor"
            case .clearScreen: "Clear the screen and draw the line again"
            case .searchHistory: "Search the history"
            case .editLine: "Edit the line in $VISUAL or $EDITOR, then run it"
            }
        }

        /// Runs the command on `editor`.
        func run(on editor: LineEditor) -> UInt8 {
            switch self {
            case .complete: editor.completeAtCursor()
            case .interrupt: editor.interrupt()
            case .moveToEnd: editor.moveToEnd()
            case .forwardCharacter: editor.moveForward()
            case .backwardCharacter: editor.moveBackward()
            case .forwardWord: editor.moveForwardWord()
            case .deletePrevious: editor.deletePreviousCharacter()
            case .deleteNext: editor.deleteNextCharacter()
            case .clearScreen: editor.clearScreen()
            case .searchHistory: editor.searchHistory()
            case .editLine: editor.editLineExternally()
            }
        }
    }

    /// Private keys the editor pushes back into its own input to run a libedit function after
    /// one of its own (which keeps a pending vi operator and a repeat count working): C1 control
    /// characters (U+009A–U+009E), which keyboards do not send and the character reader never
    /// passes on.
    static let finishLineKey: wchar_t = 0x9E
    static let moveToEndKey: wchar_t = 0x9D
    static let nextCharacterKey: wchar_t = 0x9C
    static let previousCharacterKey: wchar_t = 0x9B
    static let nextWordKey: wchar_t = 0x9A
    /// Each private key, as `bind` spells it, and the libedit function it runs.
    private static let privateKeyBindings = [
        ("\\236", "ed-newline"), ("\\235", "ed-move-to-end"), ("\\234", "ed-next-char"), ("\\233", "ed-prev-char"),
        ("\\232", "em-next-word"),
    ]

    /// Whether `scalar` is one of the private keys, never taken from the keyboard.
    static func isPrivateKey(_ scalar: Unicode.Scalar) -> Bool {
        (0x9A...0x9E).contains(scalar.value)
    }

    /// Installs callbacks, key bindings and terminal modes, then reads the editrc.
    func configure(terminalType: String?, editrc: EditrcLocation) {
        _ = shop_el_set_signal(editLine, 0)
        if let terminalType { _ = shop_el_set_terminal(editLine, terminalType) }
        _ = shop_el_set_clientdata(editLine, Unmanaged.passUnretained(self).toOpaque())
        if let stream = libeditOutput.stream { _ = shop_el_set_output_file(editLine, stream) }
        _ = shop_el_set_getcfn(editLine) { editLine, character in
            guard let editor = LineEditor.owner(of: editLine), let character else { return -1 }
            return editor.readCharacter(into: character)
        }
        _ = shop_el_set_history(editLine, historyHandle)
        // A C function cannot capture which command it is, so each names its own.
        let functions: [(Command, shop_el_command_fn)] = [
            (.complete, { editLine, _ in LineEditor.run(.complete, on: editLine) }),
            (.interrupt, { editLine, _ in LineEditor.run(.interrupt, on: editLine) }),
            (.moveToEnd, { editLine, _ in LineEditor.run(.moveToEnd, on: editLine) }),
            (.forwardCharacter, { editLine, _ in LineEditor.run(.forwardCharacter, on: editLine) }),
            (.backwardCharacter, { editLine, _ in LineEditor.run(.backwardCharacter, on: editLine) }),
            (.forwardWord, { editLine, _ in LineEditor.run(.forwardWord, on: editLine) }),
            (.deletePrevious, { editLine, _ in LineEditor.run(.deletePrevious, on: editLine) }),
            (.deleteNext, { editLine, _ in LineEditor.run(.deleteNext, on: editLine) }),
            (.clearScreen, { editLine, _ in LineEditor.run(.clearScreen, on: editLine) }),
            (.searchHistory, { editLine, _ in LineEditor.run(.searchHistory, on: editLine) }),
            (.editLine, { editLine, _ in LineEditor.run(.editLine, on: editLine) }),
        ]
        for (command, function) in functions {
            _ = shop_el_add_function(editLine, command.rawValue, command.help, function)
        }

        // The arrow-key table binds its keys whenever a key map is set up (here and by a
        // `bind -v` in the editrc), so it must name the editor's commands first.
        parse(["bind", "-k", "end", Command.moveToEnd.rawValue])
        parse(["bind", "-k", "right", Command.forwardCharacter.rawValue])
        parse(["bind", "-k", "left", Command.backwardCharacter.rawValue])
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

    /// Runs `command` on the editor that owns `editLine`.
    private static func run(_ command: Command, on editLine: OpaquePointer?) -> UInt8 {
        guard let editor = owner(of: editLine) else { return UInt8(CC_ERROR) }
        return command.run(on: editor)
    }

    /// The keys of the current mode: Tab, the keys of xterm and rxvt terminals, the external
    /// editor, the suggestion's keys, and the essential keys.
    ///
    /// In vi keys the sequences are bound in the command map, as libedit binds the arrows: Esc
    /// in insert mode must stay a key of its own. The rest of a sequence is bound there too, for
    /// the Esc that left insert mode.
    private func bindKeys() {
        let isEmacs = keyBindingMode != "vi"
        let sequences: [(String, String)] = [
            ("[1~", "ed-move-to-beg"), ("[7~", "ed-move-to-beg"),
            ("[4~", Command.moveToEnd.rawValue), ("[8~", Command.moveToEnd.rawValue),
            ("[1;5D", "ed-prev-word"), ("[5D", "ed-prev-word"), ("Od", "ed-prev-word"),
            ("[1;5C", "em-next-word"), ("[5C", "em-next-word"), ("Oc", "em-next-word"),
            ("[1;3D", "ed-prev-word"), ("[1;3C", Command.forwardWord.rawValue),
            ("[3~", isEmacs ? Command.deleteNext.rawValue : "ed-delete-next-char"),
        ]
        parse(["bind", "^I", Command.complete.rawValue])
        parse(["bind", "^X^E", Command.editLine.rawValue])
        if isEmacs {
            for (sequence, function) in sequences { parse(["bind", "\\e" + sequence, function]) }
            let keys = [
                ("^F", Command.forwardCharacter.rawValue), ("^B", Command.backwardCharacter.rawValue),
                ("\\ef", Command.forwardWord.rawValue), ("\\e\\e[C", Command.forwardWord.rawValue),
                ("\\e\\e[D", "ed-prev-word"), ("\\ee", Command.editLine.rawValue),
                ("^?", Command.deletePrevious.rawValue), ("^H", Command.deletePrevious.rawValue),
                ("\\e[3;5~", "em-delete-next-word"),
            ]
            for (keys, function) in keys { parse(["bind", keys, function]) }
        } else {
            for (sequence, function) in sequences {
                parse(["bind", "-a", "\\e" + sequence, function])
                parse(["bind", "-a", sequence, function])
            }
            parse(["bind", "-a", "^X^E", Command.editLine.rawValue])
        }
        bindEssentialKeys()
    }

    /// The keys the editor's behaviour depends on: Ctrl-C, the search, the screen clear (also
    /// in vi command mode), the private keys, and the unsafe bindings bound away. Re-bound after
    /// the editrc so it cannot break them.
    private func bindEssentialKeys() {
        for map in [[], ["-a"]] {
            parse(["bind"] + map + ["^C", Command.interrupt.rawValue])
            parse(["bind"] + map + ["^R", Command.searchHistory.rawValue])
            parse(["bind"] + map + ["^L", Command.clearScreen.rawValue])
            for (key, function) in Self.privateKeyBindings { parse(["bind"] + map + [key, function]) }
        }
        bindUnsafeKeysAway()
    }
}
