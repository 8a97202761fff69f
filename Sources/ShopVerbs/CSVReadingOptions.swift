import ShopFormats
import ShopPluginAPI

/// The options of the verbs that read CSV (`open`, `from csv`), declared once, and how their
/// errors read.
enum CSVReadingOptions {
    static let separator = Option<String?>(
        "--separator", value: "C", "the character between cells: , unless given (\\t for a tab; .tsv files: a tab)")
    static let noHeader = Flag("--no-header", "the first row is data; the fields are column1, column2, …")
    static let flexible = Flag(
        "--flexible", "read rows of other lengths: missing cells are null, extra cells go to column10, …")
    static let noInfer = Flag("--no-infer", "keep every cell text: no numbers or bools")

    /// The four, as a spec lists them.
    static let all: [any OptionDeclaration] = [separator, noHeader, flexible, noInfer]

    /// The words of the discussion that explains them.
    static let discussion = """
        A column is numbers only when every unquoted cell in it is one, bools when they are all true or false, \
        and text otherwise (a leading zero as in 007, a leading +, or a number past 64 bits makes it text); \
        a quoted cell is always text and an empty one null. Numbers keep the text they were read with \
        (4.10 is written back as 4.10). --no-infer keeps every cell text; --separator C reads other \
        separators; --no-header names the fields column1, column2, …; --flexible reads ragged rows.
        """

    /// The CSV options the invocation gives; `tabs` when the file is TSV by its name.
    static func options(of invocation: Invocation, command: String, tabs: Bool = false) throws -> CSVOptions {
        var options = CSVOptions(
            separator: tabs ? UInt8(ascii: "\t") : UInt8(ascii: ","), hasHeader: !invocation[noHeader],
            isFlexible: invocation[flexible], infersTypes: !invocation[noInfer])
        if let spelled = try invocation[separator] {
            guard let byte = CSVOptions.separator(spelled: spelled) else {
                throw VerbError.invalid(
                    command: command,
                    reason: "--separator must be one character, such as ; or | or \\t, got '\(spelled)'")
            }
            options.separator = byte
        }
        return options
    }

    /// Whether any of the four was given (for verbs that read other formats too).
    static func anyGiven(in invocation: Invocation) throws -> String? {
        if try invocation[separator] != nil { return separator.optionSpec.name }
        for flag in [noHeader, flexible, noInfer] where invocation[flag] { return flag.optionSpec.name }
        return nil
    }

    /// A CSV error as the verb words it: `name` (the file) first when there is one, and, for a
    /// ragged row, the option that reads it.
    static func error(_ error: CSVError, command: String, file name: String?) -> VerbError {
        var reason = (name.map { "'\($0)': " } ?? "") + error.description
        if case .cellCount = error.problem { reason += " (--flexible reads rows of other lengths)" }
        return .invalid(command: command, reason: reason)
    }
}
