import ShopPluginAPI

/// `sort [FIELD [desc]]…`: orders records by one or more fields, each ascending or
/// descending, or plain values by themselves; stable.
struct SortCommand: Command {
    static let keys = Argument<[String]>(
        "FIELD", "fields to order by, each optionally followed by asc or desc", completion: .sortKeys)

    let spec = CommandSpec(
        path: ["sort"], abstract: "Order by fields, each followed by asc or desc",
        discussion: """
            The first field orders; ties go to the next, and items equal on every field keep their order. \
            Without a field a list of plain values is ordered by value ('sort desc' to reverse). Null comes \
            first, then booleans, numbers, strings, lists and records. A field no item has is an error.
            """,
        arguments: [Self.keys],
        examples: [
            Example("services list | sort price desc"),
            Example("services list | sort price desc title", "price high to low, then title A to Z"),
            Example("services list | get price | sort"),
        ],
        input: .required, resultFields: .input)

    /// One key: a field (nil for the items themselves) and its direction.
    struct Key: Equatable {
        var field: FieldPath?
        var descending: Bool
        /// Whether `asc` or `desc` was written for it.
        var hasDirection: Bool
    }

    func run(_ invocation: Invocation) async throws -> CommandResult? {
        let items = try invocation.requireListInput()
        let keys = Self.keys(from: try invocation[Self.keys], items: items)
        if let table = items.table, let sorted = try await Self.sort(table, by: keys) {
            return .value(.list(ValueList(sorted)))
        }
        var columns: [SortColumn] = []
        columns.reserveCapacity(keys.count)
        for key in keys {
            guard let field = key.field else {
                columns.append(SortColumn(items, descending: key.descending))
                continue
            }
            var reader = FieldReader(field, command: spec.name)
            columns.append(SortColumn(ValueList(try reader.values(in: items)), descending: key.descending))
        }
        var order = Array(0..<items.count)
        try Task.checkCancellation()
        order.sort { lhs, rhs in
            for column in columns {
                switch column.order(lhs, rhs) {
                case .orderedAscending: return true
                case .orderedDescending: return false
                case .orderedSame: continue
                }
            }
            return lhs < rhs
        }
        return .value(.list(order.map { items[$0] }))
    }

    /// The table sorted by its columns; nil when a key is not a column some row has, or a
    /// column of values of several types (the record path sorts those).
    private static func sort(_ table: RecordTable, by keys: [Key]) async throws -> RecordTable? {
        var sortKeys: [RecordTable.SortKey] = []
        for key in keys {
            guard let column = key.field?.column(in: table), table.someRowHas(column: column) else { return nil }
            sortKeys.append(RecordTable.SortKey(column: column, descending: key.descending))
        }
        return try await table.sorted(by: sortKeys)
    }

    /// The keys the words name: a field, then `asc` or `desc` for it; a first word `asc` or
    /// `desc` orders plain values, unless the records have a field by that name.
    static func keys(from words: [String], items: ValueList) -> [Key] {
        var keys: [Key] = []
        for word in words {
            let direction = word == "desc" || word == "asc"
            if direction, let last = keys.indices.last, keys[last].field != nil, !keys[last].hasDirection {
                keys[last].descending = word == "desc"
                keys[last].hasDirection = true
            } else if direction, keys.isEmpty, !items.contains(where: { $0.recordValue?[word] != nil }) {
                keys.append(Key(field: nil, descending: word == "desc", hasDirection: true))
            } else {
                keys.append(Key(field: FieldPath(word), descending: false, hasDirection: false))
            }
        }
        return keys.isEmpty ? [Key(field: nil, descending: false, hasDirection: false)] : keys
    }
}
