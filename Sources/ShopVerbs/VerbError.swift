import ShopPluginAPI

/// Why a pipeline verb could not work on its input; each message is one lowercase line that
/// starts with the verb's name and names the item (1-based) or field at fault.
public enum VerbError: Error, Equatable, CustomStringConvertible {
    /// No item has the field: never a silently empty result.
    case noField(command: String, field: String, suggestion: FieldSuggestion)
    /// An item is not a record, where the verb needs records.
    case notRecord(command: String, item: Int, got: String)
    /// A value is not a number where the verb adds or compares numbers; `field` is nil for a
    /// list of plain values.
    case notNumber(command: String, item: Int, field: String?, value: Value)
    /// A field the verb would add exists already; `hint` says what to use instead.
    case fieldExists(command: String, field: String, hint: String?)
    /// A whole-number argument below zero.
    case negativeCount(command: String, got: Int)
    /// The list is empty where the verb yields one of its items.
    case emptyList(command: String)
    /// A sum outside the 64-bit integers.
    case overflow(command: String)
    /// Something else about the arguments or input, in words.
    case invalid(command: String, reason: String)

    public var description: String {
        switch self {
        case .noField(let command, let field, let suggestion):
            "\(command): no field '\(field)'" + suggestion.text
        case .notRecord(let command, let item, let got):
            "\(command): item \(item) is \(got), not a record"
        case .notNumber(let command, let item, let field, let value):
            "\(command): \(field.map { "'\($0)' of " } ?? "")item \(item) is \(value.describedType) "
                + "(\(Self.shown(value))), not a number"
        case .fieldExists(let command, let field, let hint):
            "\(command): field '\(field)' exists already" + (hint.map { "; \($0)" } ?? "")
        case .negativeCount(let command, let got):
            "\(command): N must be 0 or more, got \(got)"
        case .emptyList(let command):
            "\(command): the list is empty"
        case .overflow(let command):
            "\(command): the sum does not fit in a 64-bit integer"
        case .invalid(let command, let reason):
            "\(command): \(reason)"
        }
    }

    /// A value as a message quotes it, cut to 40 characters.
    static func shown(_ value: Value) -> String {
        let text = value.quoted
        return text.count > 40 ? String(text.prefix(39)) + "…" : text
    }
}
