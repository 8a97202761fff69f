/// What the language reads the words of a deferred argument as, when it reads the line: a
/// condition or a command is parsed then, and its mistakes are reported before anything runs.
public enum DeferredShape: Sendable, Equatable {
    /// Every remaining word, kept as words (`run`'s arguments).
    case words
    /// One word, a value (`insert`'s, `update`'s).
    case value
    /// Every remaining word, a condition on each item (`where`).
    case condition
    /// Every remaining word, a condition on values that, after `|`, may start with an
    /// operator to compare the input (`expect`).
    case inputCondition
    /// Every remaining word, an arithmetic expression (`math`).
    case expression
    /// Every remaining word, a command and its words (`each`).
    case command
}
