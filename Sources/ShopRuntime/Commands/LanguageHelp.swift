import ShopLanguage
import ShopPluginAPI

/// `help language`: the language on one page — words, values, references, `$( … )`, `math`,
/// conditions, blocks, user commands and script arguments — with an example for each.
enum LanguageHelp {
    /// The topic's name after `help`.
    static let topic = "language"

    /// The page, its headings in bold.
    static func page(style: TerminalStyle) -> String {
        sections.map { title, body in style.bold(title) + "\n" + body }.joined(separator: "\n\n")
    }

    /// The page's text as a value, for `--format json`.
    static var value: Value {
        .list(
            sections.map { title, body in
                .record(Record(["topic": .string(title), "text": .string(body)]))
            })
    }

    private static let sections: [(String, String)] = [
        (
            "Words and values",
            """
              One command per line; ';' separates commands; a trailing '\\' continues the line.
              'single' quotes are literal; "double" quotes take \\" \\\\ \\n \\t \\$ \\uXXXX and interpolate.
              Unquoted 42, 1.5, true, false, null are typed; every other word is text.
              [1, 2, 3] and {name: Ann, tags: [a, b]} are lists and records (any JSON document, over
              several lines); to write text starting with '[' or '{', quote it.
              # a comment   ## narration (demo mode)   #> expected output (shop test)
            """
        ),
        (
            "References and subexpressions",
            """
              $name  ${name}  $cart.0.price  ${services.selected}   variables, state keys, paths
              $env.HOME  $args  $it  $_        environment, script arguments, the item, last value
              $( pipeline )                    the pipeline's value, shown nowhere: set n $(count)
              echo "costs $price."             a path goes on only with a name or digit after '.'
              [3, 1, 2] | sort                 a pipeline may start with a value
            """
        ),
        (
            "math and conditions",
            """
              math ($n + 1) * 2     + - * / %, parentheses; ints stay ints unless '/' leaves a rest
              CONDITION             A OP B with OP one of == != < <= > >= contains matches,
                                    or a lone value (false, null, 0, "", [], {} are false),
                                    joined by not, and, or and parentheses:
              if $n > 3 and not ($name == Ann)   while $left > 0   expect $n == 4
              services list | where price < 1000 and title contains Wash
            """
        ),
        (
            "Blocks",
            """
              if COND … else if COND … else … end
              for NAME in LIST … end            (a record iterates {key, value} records)
              while COND … end                  break, continue; Ctrl-C stops before the next command
              try … catch NAME … end            NAME holds the error's message
              range 1 10                        the ints 1 to 10, for loops
              A block is one step: one undo step, rolled back whole when a command in it fails.
              Values show at the top level, inside blocks too; never inside a def or $( … ).
            """
        ),
        (
            "Your own commands",
            """
              def greet "Say hello"
                param who string = world "who to greet"
                param loud bool
                if $loud; return "HELLO $who"; end
                echo "hello $who"
              end
              greet Ann    greet --who Ann --loud    help greet
              Types: string int double bool list record any; bool parameters are flags.
              Locals follow fish: set in a def changes a local, else an existing global.
              Definitions live in commands.NAME (undo, state save/load); files NAME.shopscript in
              ~/.config/shop/commands are commands too.
            """
        ),
        (
            "Script arguments",
            """
              param lines at the top of a script declare what 'shop run FILE ARG…' takes:
              shop run greet.shopscript Ann --percent 20     shop run greet.shopscript --help
              A missing or ill-typed argument exits with 2 and the usage; $args holds every word.
              run FILE ARG… inside a session binds the same way.
            """
        ),
    ]
}
