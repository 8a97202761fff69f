/// Where the fields of the records a command returns come from, so that Tab after it offers
/// them: its declared ``CommandSpec/fields``, those of its input, or a function of its words
/// (bound to its arguments), its input's fields and the state.
///
/// ```swift
/// CommandSpec(path: ["sort"], …, resultFields: .input)                                   // order only
/// CommandSpec(path: ["select"], …, resultFields: .derived { _, words in words })          // the fields named
/// CommandSpec(path: ["open"], …, resultFields: .computed { request in header(of: request.text(Self.file)) })
/// ```
public enum ResultFields: Sendable {
    /// The spec's ``CommandSpec/fields``.
    case declared
    /// The input's fields, unchanged: verbs that keep, drop or order items.
    case input
    /// Computed when Tab asks from what ``ResultFieldsRequest`` gives: the command's words
    /// bound to its arguments, its input's fields, the state, the working folder and the
    /// session's objects. It must run nothing and be quick: a file's header, not the file.
    case computed(@Sendable (ResultFieldsRequest) -> [String])

    /// Made from the input's fields and the words after the command's name.
    public static func derived(_ derive: @escaping @Sendable (_ input: [String], _ words: [String]) -> [String])
        -> ResultFields
    {
        .computed { request in derive(request.inputFields ?? [], request.words) }
    }
}
