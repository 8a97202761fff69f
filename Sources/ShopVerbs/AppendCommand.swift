import ShopPluginAPI

/// `append VALUE`: a list with one more item at its end, or a string with text added.
struct AppendCommand: Command {
    static let value = Argument<Value>("VALUE", "the item (or, after a string, the text) to add")

    let spec = CommandSpec(
        path: ["append"], abstract: "Add VALUE to the end of a list or a string",
        discussion: "A list VALUE is added as one item; use flatten afterwards to splice it in.",
        arguments: [Self.value],
        examples: [
            Example("services list | get title | append 'Gift card' | last"),
            Example("echo 'shop' | append '.csv'"),
        ],
        input: .required)

    func run(_ invocation: Invocation) throws -> CommandResult? {
        let value = try invocation[Self.value]
        switch try invocation.requireInput() {
        case .list(let items): return .value(.list(items + [value]))
        case .string(let string): return .value(.string(string + value.plainText))
        case let other:
            throw CommandError.invalidInput(
                command: spec.name, expected: "a list or a string", got: other.describedType)
        }
    }
}
