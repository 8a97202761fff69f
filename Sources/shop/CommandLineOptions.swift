import ShopPluginAPI

/// What the command line asked for: a mode, its operands and the global options.
struct CommandLineOptions: Equatable {
    /// What `shop` does this time.
    enum Mode: Equatable {
        /// The REPL, or commands from stdin when it is not a terminal.
        case interactive
        /// `shop run FILE [ARG…]`: every word after FILE is the script's.
        case run(file: String, arguments: [String], keepGoing: Bool, echo: Bool)
        /// `shop test PATH…`.
        case test(paths: [String], update: Bool, timeout: Double)
        /// `shop demo FILE`.
        case demo(file: String, settings: DemoSettings)
        /// `shop -c "COMMANDS"`.
        case commands(String)
        /// `--help`.
        case help
        /// `--version`.
        case version
        /// `shop help --man`: the manual page.
        case manPage
        /// `shop completions SHELL`.
        case completions(ShellCompletions.Shell)
        /// `shop trust SCRIPT…`.
        case trust([String])

        /// Whether its sessions get the plugins registered with `plugin add`: not those of
        /// transcripts (`test`, a demo's handout), which load only what they name
        /// (`#%plugin`, `--plugin`) and so run alike for everyone.
        var readsPluginRegistry: Bool {
            switch self {
            case .test: false
            case .demo(_, let settings): settings.handoutPath == nil
            default: true
            }
        }

        /// Whether it runs one script in one session (`run`, `-c`), which reads the registered
        /// plugins only when it first needs one.
        var runsAScript: Bool {
            switch self {
            case .run, .commands: true
            default: false
            }
        }
    }

    /// When to colour output.
    enum ColorChoice: String, Equatable, CaseIterable {
        case auto, always, never
    }

    var mode: Mode = .interactive
    var format: OutputFormat = .table
    var color: ColorChoice = .auto
    /// `--now`, already parsed.
    var now: Double?
    var recordsHistory = true
    var stateDirectory: String?
    var animations = true
    /// `--plugin PATH`, in order: outside plugins loaded for this run only.
    var plugins: [String] = []
    /// `--trust`: a script's `#%plugin` programs run without being trusted first.
    var trustsPrograms = false

    /// Options that take a value.
    private static let valueOptions = [
        "--format", "--color", "--now", "--state-dir", "--typing", "--record", "--handout", "--plugin", "--timeout",
        "-c",
    ]
    /// How long `shop test` lets one file run, in seconds, unless `--timeout` says otherwise.
    static let defaultTestTimeout: Double = 60
    /// Every option, for "did you mean".
    private static let allOptions =
        valueOptions + [
            "--no-history", "--no-animation", "--help", "--version", "--keep-going", "--echo", "--update", "--rehearse",
            "--man", "--trust",
        ]

    /// Parses the arguments after the program name.
    static func parse(_ arguments: [String]) throws(UsageError) -> CommandLineOptions {
        var options = CommandLineOptions()
        var operands: [String] = []
        var flags: Set<String> = []
        var demo = DemoSettings()
        var timeout: Double?
        var commands: String?
        var index = 0
        var scriptArguments: [String] = []
        func value(for option: String) throws(UsageError) -> String {
            guard index < arguments.count else { throw UsageError("option '\(option)' needs a value") }
            defer { index += 1 }
            return arguments[index]
        }
        while index < arguments.count {
            var argument = arguments[index]
            index += 1
            var inlineValue: String?
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                inlineValue = String(argument[argument.index(after: equals)...])
                argument = String(argument[..<equals])
            }
            guard argument.hasPrefix("-"), argument != "-" else {
                operands.append(argument)
                if operands.count == 2, operands[0] == "run" {
                    scriptArguments = Array(arguments[index...])
                    break
                }
                continue
            }
            if valueOptions.contains(argument) {
                let text: String
                if let inlineValue { text = inlineValue } else { text = try value(for: argument) }
                switch argument {
                case "--format":
                    guard let format = OutputFormat(rawValue: text) else {
                        throw UsageError("--format must be table, json or plain, not '\(text)'")
                    }
                    options.format = format
                case "--color":
                    guard let color = ColorChoice(rawValue: text) else {
                        throw UsageError("--color must be auto, always or never, not '\(text)'")
                    }
                    options.color = color
                case "--now":
                    guard let now = Timestamp.parse(text) else {
                        throw UsageError("--now needs an ISO 8601 time such as 2026-01-15T10:00:00Z, not '\(text)'")
                    }
                    options.now = now
                case "--state-dir": options.stateDirectory = text
                case "--plugin": options.plugins.append(text)
                case "--typing":
                    guard let milliseconds = Int(text), milliseconds >= 0 else {
                        throw UsageError("--typing needs milliseconds per key, not '\(text)'")
                    }
                    demo.typingDelay = milliseconds
                case "--record": demo.castPath = text
                case "--handout": demo.handoutPath = text
                case "--timeout":
                    guard let seconds = Double(text), seconds > 0, seconds <= 1e6 else {
                        throw UsageError("--timeout needs a number of seconds above 0, such as 60, not '\(text)'")
                    }
                    timeout = seconds
                default: commands = text
                }
                continue
            }
            guard inlineValue == nil else { throw UsageError("option '\(argument)' takes no value") }
            switch argument {
            case "--no-history": options.recordsHistory = false
            case "--no-animation": options.animations = false
            case "--help", "-h": flags.insert("--help")
            case "--version": flags.insert("--version")
            case "--keep-going", "--echo", "--update", "--rehearse", "--man", "--trust": flags.insert(argument)
            default:
                let suggestion = Suggestion.nearest(to: argument, in: allOptions)
                throw UsageError("unknown option '\(argument)'" + Suggestion.didYouMean(suggestion))
            }
        }
        demo.rehearse = flags.contains("--rehearse")
        options.trustsPrograms = flags.contains("--trust")
        options.mode = try mode(
            operands: operands, scriptArguments: scriptArguments, flags: flags, demo: demo, commands: commands)
        if let timeout {
            switch options.mode {
            case .test(let paths, let update, _): options.mode = .test(paths: paths, update: update, timeout: timeout)
            case .help, .version: break
            default: throw UsageError("'--timeout' does not go with this command")
            }
        }
        return options
    }

    private static func mode(
        operands: [String], scriptArguments: [String], flags: Set<String>, demo: DemoSettings, commands: String?
    ) throws(UsageError) -> Mode {
        if flags.contains("--help") { return .help }
        if flags.contains("--version") { return .version }
        func refuse(_ flag: String, unless allowed: Bool) throws(UsageError) {
            if flags.contains(flag) && !allowed { throw UsageError("'\(flag)' does not go with this command") }
        }
        if operands.first != "demo", let option = demo.optionsGiven.first(where: { $0 != "--rehearse" }) {
            throw UsageError("'\(option)' goes with 'shop demo' only")
        }
        if let commands {
            try refuse("--trust", unless: false)
            guard operands.isEmpty else { throw UsageError("unexpected '\(operands[0])' after -c COMMANDS") }
            return .commands(commands)
        }
        guard let subcommand = operands.first else {
            for flag in ["--keep-going", "--echo", "--update", "--rehearse", "--man", "--trust"] {
                try refuse(flag, unless: false)
            }
            return .interactive
        }
        if subcommand != "help" { try refuse("--man", unless: false) }
        try refuse("--trust", unless: ["run", "test", "demo"].contains(subcommand))
        let rest = Array(operands.dropFirst())
        switch subcommand {
        case "run":
            guard let file = rest.first else { throw UsageError("run needs a script (or '-' for stdin)") }
            try refuse("--update", unless: false)
            try refuse("--rehearse", unless: false)
            return .run(
                file: file, arguments: scriptArguments, keepGoing: flags.contains("--keep-going"),
                echo: flags.contains("--echo"))
        case "test":
            guard !rest.isEmpty else { throw UsageError("test needs a script or a folder of scripts") }
            for flag in ["--keep-going", "--echo", "--rehearse"] { try refuse(flag, unless: false) }
            return .test(paths: rest, update: flags.contains("--update"), timeout: defaultTestTimeout)
        case "demo":
            guard rest.count == 1 else { throw UsageError("demo needs exactly one script") }
            for flag in ["--keep-going", "--echo", "--update"] { try refuse(flag, unless: false) }
            try demo.refuseConflicts()
            return .demo(file: rest[0], settings: demo)
        case "help":
            guard rest.isEmpty else {
                throw UsageError("help takes no operands; inside shop, 'help \(rest[0])' explains a command")
            }
            return flags.contains("--man") ? .manPage : .help
        case "trust":
            guard !rest.isEmpty else { throw UsageError("trust needs one or more scripts") }
            for flag in ["--keep-going", "--echo", "--update", "--rehearse"] { try refuse(flag, unless: false) }
            return .trust(rest)
        case "completions":
            guard rest.count == 1, let shell = ShellCompletions.Shell(rawValue: rest[0]) else {
                throw UsageError("completions needs one shell: bash, zsh or fish")
            }
            return .completions(shell)
        default:
            let suggestion = Suggestion.nearest(to: subcommand, in: CommandLineInterface.subcommands.map(\.name))
            throw UsageError(
                "unknown command '\(subcommand)'" + Suggestion.didYouMean(suggestion)
                    + "; to run a script use 'shop run \(subcommand)'")
        }
    }
}

/// A mistake on the command line: exit status 2.
struct UsageError: Error, Equatable, CustomStringConvertible {
    let message: String

    init(_ message: String) {
        self.message = message
    }

    var description: String { message }
}
