import ShopPluginAPI

/// `reject FIELD…`: records without these fields.
struct RejectCommand: Command {
    static let fields = Argument<[String]>(atLeastOne: "FIELD", "the fields to drop", completion: .inputFields)

    let spec = CommandSpec(
        path: ["reject"], abstract: "Drop the given fields",
        discussion: "Works on a list of records or on one record. A field no item has is an error.",
        arguments: [Self.fields],
        examples: [Example("services list | reject description icon")],
        input: .required, resultFields: .derived { input, words in input.filter { !words.contains($0) } })

    func run(_ invocation: Invocation) throws -> CommandResult? {
        let dropped = Set(try invocation[Self.fields])
        if let table = try invocation.tableInput(), table.count > 0,
            dropped.allSatisfy({ table.columnIndex(of: $0).map(table.someRowHas(column:)) ?? false })
        {
            return .value(.list(ValueList(table.dropping(dropped))))
        }
        let input = try invocation.recordsInput()
        var found: Set<String> = []
        var shape: (names: FieldNames, kept: [Int], keptNames: FieldNames)?
        var remaining: [Record] = []
        remaining.reserveCapacity(input.records.count)
        for record in input.records {
            if shape?.names !== record.names {
                let kept = record.names.names.indices.filter { !dropped.contains(record.names.names[$0]) }
                for name in record.names.names where dropped.contains(name) { found.insert(name) }
                shape = (record.names, kept, FieldNames(kept.map { record.names.names[$0] }))
            }
            guard let shape else { continue }
            remaining.append(Record(names: shape.keptNames, values: shape.kept.map { record.values[$0] }))
        }
        if !input.records.isEmpty, let missing = try invocation[Self.fields].first(where: { !found.contains($0) }) {
            throw VerbError.noField(
                command: spec.name, field: missing, suggestion: FieldPath(missing).suggestion(in: input.items))
        }
        return .value(input.output(remaining))
    }
}
