import ShopPluginAPI

/// What the string verbs (`trim`, `replace`) do to text: applied to a string, or to every
/// string item of a list (other items kept).
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

    /// The input as one string, or an error naming the verb.
    static func string(_ input: Value, command: String) throws(CommandError) -> String {
        guard case .string(let string) = input else {
            throw .invalidInput(command: command, expected: "a string", got: input.describedType)
        }
        return string
    }
}
