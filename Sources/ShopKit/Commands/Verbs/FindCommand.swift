/// `find TEXT`: the rows where any field contains TEXT, ignoring case.
struct FindCommand: Command {
    let spec = CommandSpec(
        path: ["find"], abstract: "Keep the rows where any field contains TEXT (any case)",
        arguments: [Self.text],
        examples: [Example("services list | find clean")], input: .required)

    static let text = Argument<String>("TEXT", "what to look for")

    func run(_ invocation: Invocation) async throws -> CommandResult? {
        let rows = try invocation.requireListInput()
        let needle = try invocation[Self.text].lowercased()
        return .value(.list(rows.filter { Self.contains($0, needle) }))
    }

    private static func contains(_ value: Value, _ needle: String) -> Bool {
        switch value {
        case .record(let record): record.values.contains { contains($0, needle) }
        case .list(let elements): elements.contains { contains($0, needle) }
        case .null: false
        default: value.plainText.lowercased().contains(needle)
        }
    }
}
