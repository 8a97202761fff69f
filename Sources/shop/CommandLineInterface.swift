import ShopPluginAPI

/// shop's command line as data: its subcommands and options, with what each takes.
///
/// `shop --help`, the man page (`shop help --man`) and the shell completions
/// (`shop completions bash|zsh|fish`) are all made from these tables, with the commands
/// of the command registry, so they cannot disagree with each other. ``CommandLineOptions``
/// parses the same names.
enum CommandLineInterface {
    /// What an option's value is, for completion.
    enum Value: Equatable {
        /// One of these words.
        case choice([String])
        /// A folder.
        case directory
        /// A file (to write, such as a recording, or to run, such as a plugin).
        case file
        /// Free text, with a placeholder such as `ISO8601`.
        case text
    }

    /// An option such as `--format table|json|plain`.
    struct Option {
        var name: String
        /// The placeholder in usage lines (`DIR`), nil for a flag.
        var valueName: String?
        var value: Value?
        var abstract: String

        /// An option that takes a value.
        init(_ name: String, _ valueName: String, _ value: Value, _ abstract: String) {
            self.name = name
            self.valueName = valueName
            self.value = value
            self.abstract = abstract
        }

        /// A flag.
        init(_ name: String, _ abstract: String) {
            self.name = name
            self.abstract = abstract
        }

        /// `--format table|json|plain`, `--no-history`.
        var usage: String { valueName.map { "\(name) \($0)" } ?? name }
    }

    /// What a subcommand's operands are, for completion.
    enum Operands: Equatable {
        /// `.shopscript` files.
        case scripts
        /// `.shopscript` files and folders of them.
        case scriptsOrFolders
        /// One of these words.
        case choice([String])
        /// Nothing.
        case none
    }

    /// A subcommand such as `shop run FILE [ARG…]`.
    struct Subcommand {
        var name: String
        /// The operands in usage lines: `FILE [ARG…]`.
        var operandNames: String
        var operands: Operands
        var options: [Option]
        var abstract: String
        /// Whether its options come before the operands (`run`: the words after FILE are the script's).
        var optionsFirst = false

        /// What follows the name in a usage line, options and operands in their order, each
        /// through `escape` (the manual page's roff).
        func synopsis(escape: (String) -> String = { $0 }) -> String {
            let options = self.options.map { "[" + escape($0.usage) + "]" }.joined(separator: " ")
            let operands = escape(operandNames.droppingTrailingSpaces())
            let parts = optionsFirst ? [options, operands] : [operands, options]
            return parts.filter { !$0.isEmpty }.joined(separator: " ")
        }
    }

    /// The options every mode takes.
    static let globalOptions: [Option] = [
        Option(
            "--format", "table|json|plain", .choice(["table", "json", "plain"]),
            "how results are printed (json: one line per result)"),
        Option("--color", "auto|always|never", .choice(["auto", "always", "never"]), "colours (NO_COLOR is honoured)"),
        Option("--now", "ISO8601", .text, "fix the clock (also SHOP_NOW)"),
        Option("--no-history", "do not record commands in the history database"),
        Option("--state-dir", "DIR", .directory, "where history and caches live"),
        Option("--no-animation", "no transitions or pulses"),
        Option(
            "--plugin", "PATH", .file, "load an outside plugin for this run (repeatable; a built-in's name replaces it)"
        ),
        Option("-c", "COMMANDS", .text, "run COMMANDS (separated by newlines or ';'), then exit"),
        Option("--help", "show this help"),
        Option("--version", "show the version"),
    ]

    /// `--trust`: a script's `#%plugin` programs run without being trusted first.
    static let trustOption = Option("--trust", "run the script's #%plugin programs, trusted or not (for CI)")

    /// The subcommands, in the order `--help` lists them.
    static let subcommands: [Subcommand] = [
        Subcommand(
            name: "run", operandNames: "FILE [ARG…]", operands: .scripts,
            options: [
                Option("--keep-going", "go on after a failing command (exit 1 at the end)"),
                Option("--echo", "print each command before its output"),
                trustOption,
            ], abstract: "run a script ('-' is stdin); the words after FILE are its own arguments",
            optionsFirst: true),
        Subcommand(
            name: "test", operandNames: "PATH… ", operands: .scriptsOrFolders,
            options: [
                Option("--update", "rewrite the expected output from the actual output"),
                Option("--timeout", "SECONDS", .text, "fail a file still running after SECONDS (60 by default)"),
                trustOption,
            ],
            abstract: "transcript tests (a folder means every *.shopscript in it)"),
        Subcommand(
            name: "demo", operandNames: "FILE ", operands: .scripts,
            options: [
                Option("--typing", "MS", .text, "type on its own, MS milliseconds a key"),
                Option("--record", "CAST", .file, "also record what the audience saw as an asciinema v2 cast"),
                Option("--rehearse", "run every step without typing and time it"),
                Option("--handout", "MD", .file, "write the talk with each step's output as Markdown, and exit"),
                trustOption,
            ], abstract: "presenter mode: type, run and navigate the steps of a script"),
        Subcommand(
            name: "trust", operandNames: "SCRIPT…", operands: .scripts, options: [],
            abstract: "trust the programs the scripts' #%plugin lines start, as they are now (SHA-256)"),
        Subcommand(
            name: "help", operandNames: "", operands: .none,
            options: [Option("--man", "the manual page, in roff (man -l)")], abstract: "this help, or the manual page"),
        Subcommand(
            name: "completions", operandNames: "SHELL", operands: .choice(["bash", "zsh", "fish"]), options: [],
            abstract: "the completion script for bash, zsh or fish"),
    ]

    /// The text of `shop --help`.
    static var helpText: String {
        var lines = [
            "usage: shop [OPTIONS]" + String(repeating: " ", count: 26)
                + "start the REPL (reads stdin when it is not a terminal)"
        ]
        for subcommand in subcommands {
            lines.append("       shop [OPTIONS] \(subcommand.name) \(subcommand.synopsis())")
        }
        lines.append("       shop [OPTIONS] -c \"COMMANDS\"")
        lines += ["", "options:"]
        let width = globalOptions.map { $0.usage.count }.max() ?? 0
        for option in globalOptions {
            lines.append("  " + option.usage.padding(to: width) + "  " + option.abstract)
        }
        lines += [
            "", "Every word after a script's FILE is its own ('shop run FILE --help' shows its parameters).",
            "Inside shop, 'help' lists every command and 'help COMMAND' explains one.",
        ]
        return lines.joined(separator: "\n")
    }

    /// The subcommand called `name`.
    static func subcommand(named name: String) -> Subcommand? {
        subcommands.first { $0.name == name }
    }
}

extension String {
    /// The string with spaces added up to `width` characters.
    func padding(to width: Int) -> String {
        self + String(repeating: " ", count: max(0, width - count))
    }

    /// The string without the spaces at its end.
    func droppingTrailingSpaces() -> String {
        String(reversed().drop { $0 == " " }.reversed())
    }
}
