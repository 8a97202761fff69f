import ShopPluginAPI

/// `find TEXT`: the rows where any field contains TEXT, ignoring case.
struct FindCommand: Command {
    let spec = CommandSpec(
        path: ["find"], abstract: "Keep the rows where any field contains TEXT (any case)",
        arguments: [Self.text],
        examples: [Example("services list | find clean")], input: .required, resultFields: .input)

    static let text = Argument<String>("TEXT", "what to look for")

    func run(_ invocation: Invocation) throws -> CommandResult? {
        let rows = try invocation.requireListInput()
        let needle = try Pattern(literal: try invocation[Self.text], ignoringCase: true)
        var kept: [Value] = []
        for row in rows where try Self.contains(row, needle) { kept.append(row) }
        return .value(.list(kept))
    }

    private static func contains(_ value: Value, _ needle: Pattern) throws(PatternError) -> Bool {
        switch value {
        case .record(let record):
            for field in record.values where try contains(field, needle) { return true }
            return false
        case .list(let elements):
            for element in elements where try contains(element, needle) { return true }
            return false
        case .null: return false
        default: return try needle.matches(in: value.plainText)
        }
    }
}
