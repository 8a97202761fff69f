/// What the parser asks about the commands it reads: which of a call's words its command
/// reads as a condition, an arithmetic expression or a command, so that they are parsed, and
/// their mistakes reported, with the line, and never again when it runs.
///
/// The language knows no commands: the runtime answers from what its commands declare, as
/// nushell's parser reads the signatures of the commands it knows. Without one, a parser
/// reads every call's words as words (enough to tell whether an entry is complete, or to
/// complete a word).
public protocol CallSyntax: Sendable {
    /// How the command the first of `words` name reads its later words, or nil when it reads
    /// them as words.
    func argumentSyntax(of words: ArraySlice<Word>) -> ArgumentSyntax?
}

/// Where a command's deferred words start among its call's words, and what they form.
public struct ArgumentSyntax: Sendable, Equatable {
    /// What the words form.
    public enum Form: Sendable, Equatable {
        /// A condition (`where`).
        case condition
        /// A condition that, after `|`, may start with an operator to compare the input (`expect`).
        case inputCondition
        /// An arithmetic expression (`math`).
        case expression
        /// A command and its words, run once per item with the item as its input (`each`).
        case command
    }

    /// The command's name, which its words' mistakes start with (`where: unexpected ')'`).
    public var command: String
    /// How many of the call's words come before the first of them.
    public var start: Int
    public var form: Form

    public init(command: String, start: Int, form: Form) {
        self.command = command
        self.start = start
        self.form = form
    }
}
