import ShopLanguage
import ShopPluginAPI

/// What the interpreter keeps for the language besides the store: whether values are shown,
/// the item of a per-item evaluation, the calls being run, the last value shown.
struct LanguageState {
    /// Whether a pipeline's value is shown (top level) or kept as a value (`def`, `$( … )`).
    var isShowing = true
    /// `$it` while a per-item argument is evaluated.
    var currentItem: Value?
    /// The items named by `--item NAME` while their per-item arguments are evaluated, innermost last.
    var namedItems: [(name: String, item: Value)] = []
    /// `$_`: the last value shown.
    var lastShown: Value?
    /// The value of the last pipeline run while values are not shown (a `def`'s value).
    var lastValue: Value?
    /// The user commands and script runs being run, innermost last.
    var frames: [Frame] = []
    /// Commands inside the running top-level block that failed under `--keep-going`.
    var blockFailures = 0
    /// Whether a failing command inside a block is reported and the block goes on.
    var keepsGoing = false
    /// Loop iterations so far: every so many, a loop lets other tasks run.
    var iterations = 0
    /// The `def` commands read from `commands.NAME`, with the revision of the key they were read
    /// at and the store's ``StateStore/dottedKeysRevision`` when that was last checked.
    var definedCommands: [String: (revision: UInt64, checkedAt: UInt64, command: RegisteredCommand)] = [:]
    /// What the registry has under each first word of a call run so far (see ``RegistryAnswer``).
    var registryAnswers: [String: RegistryAnswer] = [:]
    /// The commands of the commands folder, by name (outside the store).
    var folderCommands: [String: RegisteredCommand] = [:]
    /// The statements of the commands-folder files read so far, by path.
    var folderBodies: [String: [Statement]] = [:]
}

/// What the registry has under a call's first word.
enum RegistryAnswer {
    /// A one-word core command or alias.
    case command(RegisteredCommand)
    /// A group, whose command the next word names.
    case group
    /// Nothing: the word names a command of the user's, or none.
    case nothing
}

/// One call of a user command, or one script run with arguments: its locals and arguments.
struct Frame {
    /// A `def` call follows fish's rule for `set`; a script run sets globals except its
    /// parameters.
    enum Kind {
        case command
        case script
    }

    let kind: Kind
    /// Parameters, and in a call the variables `set` made there.
    var locals: Locals
    /// What a call sees after its locals: the parameters of the script that defined its
    /// command.
    let enclosing: Locals
    /// A script's argument words, or a call's bound arguments (their words made only when
    /// `$args` is read).
    private let given: Given

    private enum Given {
        case words([String])
        case bound(Arguments)
    }

    /// A script run's frame, with its argument words.
    init(script locals: Locals, arguments: [String]) {
        kind = .script
        self.locals = locals
        enclosing = Locals()
        given = .words(arguments)
    }

    /// A call's frame, with its bound arguments and what its command sees of the script
    /// that defined it.
    init(call locals: Locals, enclosing: Locals, arguments: Arguments) {
        kind = .command
        self.locals = locals
        self.enclosing = enclosing
        given = .bound(arguments)
    }

    /// `$args`: the argument words as given.
    var arguments: [String] {
        switch given {
        case .words(let words): words
        case .bound(let arguments): arguments.positionalTexts
        }
    }
}
