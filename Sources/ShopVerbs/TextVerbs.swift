import ShopPluginAPI

/// What the string verbs (`trim`, `replace`, `str …`) do to text: applied to a string, or to
/// every string item of a list.
enum TextVerbs {
    /// `transform` applied to the input string, or to each string of the input list.
    static func map(_ input: Value, command: String, _ transform: (String) -> String) throws(CommandError) -> Value {
        switch input {
        case .string(let string): return .string(transform(string))
        case .list(let items):
            return .list(items.map { item in item.stringValue.map { .string(transform($0)) } ?? item })
        default:
            throw .invalidInput(
                command: command, expected: "a string or a list of strings", got: input.describedType)
        }
    }

    /// `transform` applied to the input string, or to each string of the input list (null
    /// items stay null); any other item is an error naming it, as is a value `transform`
    /// refuses (`str substring: item 2: …`).
    static func eachString(
        _ input: Value, command: String, _ transform: (String) throws(ItemConversion.Refusal) -> Value
    ) throws -> Value {
        switch input {
        case .string, .list:
            return try ItemConversion(command: command, fields: []).apply(to: input) {
                (value) throws(ItemConversion.Refusal) in
                guard case .string(let string) = value else {
                    throw ItemConversion.Refusal(reason: "\(value.describedType) is not text (into string makes it so)")
                }
                return try transform(string)
            }
        default:
            throw CommandError.invalidInput(
                command: command, expected: "a string or a list of strings", got: input.describedType)
        }
    }

    /// The input as one string, or an error naming the verb.
    static func string(_ input: Value, command: String) throws(CommandError) -> String {
        guard case .string(let string) = input else {
            throw .invalidInput(command: command, expected: "a string", got: input.describedType)
        }
        return string
    }
}
