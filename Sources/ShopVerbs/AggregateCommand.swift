import ShopPluginAPI

/// `sum [FIELD]`, `avg [FIELD]`, `min [FIELD]` and `max [FIELD]`: one number from a list of
/// numbers, or from FIELD of a list of records.
struct AggregateCommand: Command {
    /// What the command computes.
    enum Kind: String, Sendable, CaseIterable {
        case sum, avg, min, max

        var abstract: String {
            switch self {
            case .sum: "Add up numbers (or FIELD of records)"
            case .avg: "The mean of numbers (or FIELD of records)"
            case .min: "The smallest number (or FIELD of records)"
            case .max: "The largest number (or FIELD of records)"
            }
        }

        /// The figure of `summary` this kind asks for.
        func value(of summary: NumberSummary) throws(VerbError) -> Value {
            switch self {
            case .sum: try summary.sum()
            case .avg: summary.average
            case .min: summary.minimum ?? .null
            case .max: summary.maximum ?? .null
            }
        }
    }

    static let field = Argument<FieldPath?>("FIELD", "a field of the records; leave out for a list of numbers")

    let kind: Kind
    let spec: CommandSpec

    init(_ kind: Kind) {
        self.kind = kind
        spec = CommandSpec(
            path: [kind.rawValue], abstract: kind.abstract,
            discussion: "Nulls (items without the field) are skipped; any other value that is not a number is an "
                + "error naming its item. The sum of no numbers is 0; their mean, smallest and largest are null.",
            arguments: [Self.field],
            examples: [
                Example("services list | get price | \(kind.rawValue)"),
                Example("services list | where price < 2000 | \(kind.rawValue) price"),
            ],
            input: .required)
    }

    func run(_ invocation: Invocation) async throws -> CommandResult? {
        let items = try invocation.requireListInput()
        let field = try invocation[Self.field]
        if let field, let table = items.table, let column = field.column(in: table), table.someRowHas(column: column),
            let figures = try await table.numberFigures(ofColumn: column, rowGroups: nil)
        {
            return .value(
                try kind.value(
                    of: NumberSummary(
                        command: spec.name, field: field.text, figures: figures[0], of: table, column: column)))
        }
        var summary = NumberSummary(command: spec.name, field: field?.text)
        if let field {
            var reader = FieldReader(field, command: spec.name)
            for index in items.indices { try summary.add(try reader.value(in: items[index], at: index), item: index) }
            try reader.requireKnown(in: items)
        } else {
            for index in items.indices { try summary.add(items[index], item: index) }
        }
        return .value(try kind.value(of: summary))
    }
}
