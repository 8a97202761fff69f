import ShopPluginAPI

/// `select FIELD…`: records with only these fields, in the order given.
struct SelectCommand: Command {
    static let fields = Argument<[FieldPath]>(atLeastOne: "FIELD", "the fields to keep, in order; paths allowed")

    let spec = CommandSpec(
        path: ["select"], abstract: "Keep only the given fields, in the order given",
        discussion: """
            Works on a list of records or on one record. A path (details.0.title) makes a field named by it. \
            Items without a field give null; a field no item has is an error.
            """,
        arguments: [Self.fields],
        examples: [
            Example("services list | select title price"),
            Example("news list | select title categoryType | take 3"),
        ],
        input: .required, resultFields: .derived { _, words in words })

    func run(_ invocation: Invocation) throws -> CommandResult? {
        let fields = try invocation[Self.fields]
        var kept: [FieldPath] = []
        for field in fields where !kept.contains(field) { kept.append(field) }
        if let table = try invocation.tableInput(), let selected = Self.select(kept, from: table) {
            return .value(.list(ValueList(selected)))
        }
        let input = try invocation.recordsInput()
        var readers = kept.map { FieldReader($0, command: spec.name) }
        let names = FieldNames(kept.map(\.text))
        var selected: [Record] = []
        selected.reserveCapacity(input.records.count)
        for (index, record) in input.records.enumerated() {
            let item = Value.record(record)
            var values: [Value] = []
            values.reserveCapacity(readers.count)
            for field in readers.indices { values.append(try readers[field].value(in: item, at: index)) }
            selected.append(Record(names: names, values: values))
        }
        for reader in readers { try reader.requireKnown(in: input.items) }
        return .value(input.output(selected))
    }

    /// The fields of a table that are all its columns (some row having each), sharing them;
    /// nil for anything the record path must read (a path, a field no row has).
    private static func select(_ fields: [FieldPath], from table: RecordTable) -> RecordTable? {
        let columns = fields.compactMap { $0.column(in: table) }
        guard columns.count == fields.count, columns.allSatisfy(table.someRowHas(column:)) else { return nil }
        return table.selecting(fields.map(\.text))
    }
}
