import ShopPluginAPI

/// `group FIELD [--count] [--sum G] [--avg G] [--min G] [--max G]`: one row per value of
/// FIELD, first seen first: `{FIELD, count, items}` plus `sum_G`, `avg_G`, `min_G`, `max_G`.
struct GroupCommand: Command {
    static let field = Argument<FieldPath?>("FIELD", "the field to group by")
    static let countOnly = Flag("--count", "leave the items out: only the value and the count")
    static let sum = Option<FieldPath?>("--sum", value: "G", "add up field G in each group (sum_G)")
    static let avg = Option<FieldPath?>("--avg", value: "G", "the mean of field G in each group (avg_G)")
    static let min = Option<FieldPath?>("--min", value: "G", "the smallest G in each group (min_G)")
    static let max = Option<FieldPath?>("--max", value: "G", "the largest G in each group (max_G)")

    let spec = CommandSpec(
        path: ["group"], abstract: "One row per value of FIELD, with counts and sums",
        discussion: """
            Groups come in the order their value is first seen. --count leaves out the items; --sum, --avg, \
            --min and --max G add sum_G, avg_G, min_G and max_G (nulls skipped).
            """,
        arguments: [Self.field], options: [Self.countOnly, Self.sum, Self.avg, Self.min, Self.max],
        examples: [
            Example("news list | group categoryType --count"),
            Example("services list | group icon --sum price --max price | select icon count sum_price max_price"),
        ],
        input: .required, resultFields: .derived { _, words in Self.fields(of: words) })

    /// One group as it is being gathered.
    private struct Group {
        var key: Value
        var count = 0
        var items: ValueList = []
        var summaries: [NumberSummary]
    }

    /// What a figure of each group is asked of: `--sum price` is the sum of field price.
    private typealias Aggregate = (kind: AggregateCommand.Kind, field: FieldPath)

    func run(_ invocation: Invocation) async throws -> CommandResult? {
        let items = try invocation.requireListInput()
        guard let field = try invocation[Self.field] else { throw Self.missingField(items) }
        let keepsItems = !invocation[Self.countOnly]
        let asked: [Aggregate] = [
            (.sum, try invocation[Self.sum]), (.avg, try invocation[Self.avg]),
            (.min, try invocation[Self.min]), (.max, try invocation[Self.max]),
        ].compactMap { kind, field in field.map { (kind, $0) } }
        if let table = items.table,
            let groups = try await group(table, by: field, asked: asked, keepsItems: keepsItems)
        {
            return .value(.list(try rows(groups, field: field, asked: asked, keepsItems: keepsItems)))
        }
        var keyReader = FieldReader(field, command: spec.name)
        var readers = asked.map { FieldReader($0.field, command: spec.name) }
        let blank = asked.map { NumberSummary(command: spec.name, field: $0.field.text) }
        var positions: [GroupKey: Int] = [:]
        var groups: [Group] = []
        var collected: [[Value]] = []
        for (index, item) in items.enumerated() {
            let key = try keyReader.value(in: item, at: index)
            let position: Int
            if let known = positions[GroupKey(key)] {
                position = known
            } else {
                position = groups.count
                positions[GroupKey(key)] = position
                groups.append(Group(key: key, summaries: blank))
                collected.append([])
            }
            groups[position].count += 1
            if keepsItems { collected[position].append(item) }
            for aggregate in readers.indices {
                try groups[position].summaries[aggregate].add(
                    try readers[aggregate].value(in: item, at: index), item: index)
            }
        }
        try keyReader.requireKnown(in: items)
        for reader in readers { try reader.requireKnown(in: items) }
        for (position, groupItems) in collected.enumerated() { groups[position].items = ValueList(groupItems) }
        return .value(.list(try rows(groups, field: field, asked: asked, keepsItems: keepsItems)))
    }

    /// The groups of a table by a column, with the figures of each aggregate column; nil
    /// when a field is not a column some row has, or not of a kind the table groups or adds
    /// up (the record path then reads them, and words any error).
    private func group(_ table: RecordTable, by field: FieldPath, asked: [Aggregate], keepsItems: Bool) async throws
        -> [Group]?
    {
        let fields = [field] + asked.map(\.field)
        let columns = fields.compactMap { $0.column(in: table) }
        guard columns.count == fields.count, columns.allSatisfy(table.someRowHas(column:)) else { return nil }
        // The key and the aggregated columns together: one pass over a file they are read from.
        try await table.read(fields: columns.map { table.fields[$0] })
        guard let groups = try await table.groups(byColumn: columns[0]) else { return nil }
        var figures: [[RecordTable.NumberFigures]] = []
        for column in columns.dropFirst() {
            guard
                let columnFigures = try await table.numberFigures(
                    ofColumn: column, rowGroups: groups.rowGroups, groupCount: groups.count)
            else { return nil }
            figures.append(columnFigures)
        }
        var counts = [Int](repeating: 0, count: groups.count)
        for group in groups.rowGroups { counts[Int(group)] += 1 }
        let rows = keepsItems ? groups.rows : []
        return groups.firstRows.indices.map { group in
            Group(
                key: table.value(column: columns[0], row: groups.firstRows[group]), count: counts[group],
                items: keepsItems ? ValueList(table.gathering(rows[group])) : [],
                summaries: zip(asked, zip(columns.dropFirst(), figures)).map { aggregate, column in
                    NumberSummary(
                        command: spec.name, field: aggregate.field.text, figures: column.1[group], of: table,
                        column: column.0)
                })
        }
    }

    /// The rows `group` gives for `groups`.
    private func rows(_ groups: [Group], field: FieldPath, asked: [Aggregate], keepsItems: Bool) throws -> [Value] {
        var names = [field.text, "count"]
        if keepsItems { names.append("items") }
        names += asked.map { "\($0.kind.rawValue)_\($0.field.text)" }
        let shared = FieldNames(names)
        var rows: [Value] = []
        rows.reserveCapacity(groups.count)
        for group in groups {
            var values: [Value] = [group.key, .int(group.count)]
            if keepsItems { values.append(.list(group.items)) }
            for (aggregate, summary) in zip(asked, group.summaries) {
                values.append(try aggregate.kind.value(of: summary))
            }
            rows.append(.record(Record(names: shared, values: values)))
        }
        return rows
    }

    /// The fields of the rows `group` makes, read from its words as typed.
    static func fields(of words: [String]) -> [String] {
        var fields: [String] = []
        var aggregates: [String] = []
        var keepsItems = true
        var index = 0
        while index < words.count {
            let word = words[index]
            if word == countOnly.optionSpec.name {
                keepsItems = false
            } else if word.hasPrefix("--"), index + 1 < words.count {
                aggregates.append(word.dropFirst(2) + "_" + words[index + 1])
                index += 1
            } else if fields.isEmpty {
                fields = [word, "count"]
            }
            index += 1
        }
        return fields + (keepsItems ? ["items"] : []) + aggregates
    }

    /// The error for `group` without a field: which field, or `uniq --count` for plain values.
    private static func missingField(_ items: ValueList) -> VerbError {
        if let first = items.first, case .record(let record) = first {
            let fields = record.names.names.prefix(6).joined(separator: ", ")
            return .invalid(command: "group", reason: "name the field to group by: group FIELD (fields: \(fields))")
        }
        return .invalid(
            command: "group",
            reason: "needs records and a FIELD to group by; to count plain values, use 'uniq --count'")
    }
}
