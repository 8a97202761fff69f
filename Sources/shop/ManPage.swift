import ShopPluginAPI
import ShopRuntime

/// `shop(1)` in roff, from the command line tables and the command registry: what
/// `shop help --man` prints and `Scripts/install` puts in `share/man/man1/shop.1`.
///
/// ```sh
/// shop help --man | man -l -
/// ```
struct ManPage {
    let registry: CommandRegistry
    let version: String
    /// The date of this version, `YYYY-MM-DD`.
    let date: String

    var text: String {
        var lines = [
            #".TH SHOP 1 \#(date) "shop \#(version)" "User Commands""#,
            ".SH NAME",
            #"shop \- a line-editing REPL and script runner for exploring shop data"#,
            ".SH SYNOPSIS",
            #".B shop"#, #"[\fIOPTIONS\fR]"#,
        ]
        for subcommand in CommandLineInterface.subcommands {
            lines += [
                ".br", ".B shop",
                #"[\fIOPTIONS\fR] \fB\#(subcommand.name)\fR \#(subcommand.synopsis(escape: Self.escape))"#,
            ]
        }
        lines += [".br", ".B shop", #"[\fIOPTIONS\fR] \fB\-c\fR \fICOMMANDS\fR"#]
        lines += [
            ".SH DESCRIPTION",
            """
            shop explores the data of three shop domains \\(em services, a "Today" feed and news over HTTP \\(em \
            against one state store and one session history. On a terminal it is a REPL with line editing, \
            history and Tab completion; otherwise it reads commands from standard input. A .shopscript file \
            is a script, a presentation (\\fBshop demo\\fR) and a regression test (\\fBshop test\\fR) at once.
            """,
            ".SH OPTIONS",
        ]
        for option in CommandLineInterface.globalOptions { lines += Self.item(option) }
        lines.append(".SH SUBCOMMANDS")
        for subcommand in CommandLineInterface.subcommands {
            lines += [
                ".TP",
                #"\fB\#(subcommand.name)\fR \#(Self.escape(subcommand.operandNames))"#.droppingTrailingSpaces(),
                Self.escape(subcommand.abstract),
            ]
            for option in subcommand.options {
                lines += [".RS"] + Self.item(option) + [".RE"]
            }
        }
        lines.append(".SH COMMANDS")
        lines.append(
            "Typed at the prompt, in scripts and after \\fB\\-c\\fR; \\fBhelp\\fR \\fICOMMAND\\fR shows one in full.")
        for section in Help.sections(of: registry) {
            lines.append(".SS " + Self.escape(section.title))
            for spec in section.commands {
                lines += [".TP", #"\fB\#(Self.escape(spec.usage))\fR"#, Self.escape(spec.abstract)]
            }
        }
        lines += [
            ".SH FILES",
            ".TP", #"\fI~/.config/shop/init.shopscript\fR"#, "Run when the REPL starts (\\fB$XDG_CONFIG_HOME\\fR).",
            ".TP", #"\fI~/.local/state/shop/history.sqlite3\fR"#,
            "The history of every session (\\fB$XDG_STATE_HOME\\fR).",
            ".TP", #"\fI~/.editrc\fR"#, "libedit settings (\\fB$EDITRC\\fR).",
            ".SH ENVIRONMENT",
            #"\fBNO_COLOR\fR, \fBCOLUMNS\fR, \fBCOLORTERM\fR, \fBTERM\fR, \fBBROWSER\fR, \fBPAGER\fR, \fBVISUAL\fR, \fBEDITOR\fR, \fBSHOP_NOW\fR; \fBSHOP_HINTS=0\fR turns off suggestions from history at the prompt."#,
            ".SH EXIT STATUS",
            "0 success; 1 a command failed or a test mismatched; 2 a usage error; 130 interrupted.",
            ".SH SEE ALSO",
            #"\fBsqlite3\fR(1), \fBeditrc\fR(5)"#,
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    /// A tagged paragraph for `option`.
    private static func item(_ option: CommandLineInterface.Option) -> [String] {
        let value = option.valueName.map { #" \fI\#(escape($0))\fR"# } ?? ""
        return [".TP", #"\fB\#(escape(option.name))\fR\#(value)"#, escape(option.abstract)]
    }

    /// `text` safe in roff: backslashes and dashes escaped, characters beyond ASCII as
    /// `\[uXXXX]`, no line starting with a control character.
    static func escape(_ text: String) -> String {
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": escaped += #"\e"#
            case "-": escaped += #"\-"#
            case _ where scalar.value > 0x7F:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                escaped += #"\[u"# + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        if escaped.hasPrefix(".") || escaped.hasPrefix("'") { escaped = #"\&"# + escaped }
        return escaped
    }
}
