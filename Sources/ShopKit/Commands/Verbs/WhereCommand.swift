/// `where FIELD OP VALUE`: keeps the records whose field satisfies the comparison.
struct WhereCommand: Command {
    let spec = CommandSpec(
        path: ["where"], abstract: "Keep the rows where FIELD OP VALUE holds",
        discussion:
            "OP is one of: \(ComparisonOperator.spellings.joined(separator: " ")). FIELD may be a path (details.0.title); rows without it are dropped, and a field no row has is an error. \(Pattern.dialect)",
        arguments: [Self.field, Self.comparison, Self.value],
        examples: [Example("services list | where price < 1000")],
        input: .required, resultFields: .input)

    static let field = Argument<String>("FIELD", "a field of the rows", completion: .inputFields)
    // Text, not a choice: a mistyped operator gets the one it means (`=` → `==`), which the
    // binder's suggestion by spelling alone cannot give.
    static let comparison = Argument<String>(
        "OP", "a comparison", completion: .choices(ComparisonOperator.spellings))
    static let value = Argument<Value>("VALUE", "what to compare with")

    func run(_ invocation: Invocation) async throws -> CommandResult? {
        let rows = try invocation.requireListInput()
        let field = try invocation[Self.field]
        let right = try invocation[Self.value]
        let comparison = try ComparisonOperator.named(try invocation[Self.comparison], in: spec.name)
        let pattern = comparison == .matches ? try Pattern(right.plainText) : nil
        var kept: [Value] = []
        var reader = FieldReader(FieldPath(field), command: spec.name)
        for (index, row) in rows.enumerated() {
            let left = try reader.value(in: row, at: index)
            guard let holds = try comparison.evaluate(left, right, pattern: pattern) else {
                if left.isNull || right.isNull { continue }
                throw CommandError.failed(
                    "where: cannot compare \(field) \(left.quoted) (\(left.typeName)) with \(right.quoted) (\(right.typeName))"
                )
            }
            if holds { kept.append(row) }
        }
        try reader.requireKnown(in: rows)
        return .value(.list(kept))
    }
}

/// Finds a field in records quickly when they share field names.
struct FieldLookup {
    let name: String
    private var cachedNames: FieldNames?
    private var cachedPosition: Int?

    init(_ name: String) {
        self.name = name
    }

    /// The field's value in `row`; a non-record row stands for itself under the name `it`.
    mutating func value(in row: Value) -> Value? {
        guard case .record(let record) = row else { return name == "it" ? row : nil }
        if record.names !== cachedNames {
            cachedNames = record.names
            cachedPosition = record.names.position(of: name)
        }
        return cachedPosition.map { record.values[$0] }
    }
}
