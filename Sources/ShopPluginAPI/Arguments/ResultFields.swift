/// Where the fields of the records a command returns come from, so that Tab after it offers
/// them: its declared ``CommandSpec/fields``, or those of its input, as they are or changed by
/// its words.
///
/// ```swift
/// CommandSpec(path: ["sort"], …, resultFields: .input)                                   // order only
/// CommandSpec(path: ["select"], …, resultFields: .derived { _, words in words })          // the fields named
/// ```
public enum ResultFields: Sendable {
    /// The spec's ``CommandSpec/fields``.
    case declared
    /// The input's fields, unchanged: verbs that keep, drop or order items.
    case input
    /// Made from the input's fields and the words after the command's name.
    case derived(@Sendable (_ input: [String], _ words: [String]) -> [String])
}
