import ShopPluginAPI

/// `chart [FIELD] [--by LABEL]`: a horizontal bar chart of numbers, in the terminal's width.
struct ChartCommand: Command {
    static let field = Argument<FieldPath?>("FIELD", "the numbers to chart; leave out for the first numeric field")
    static let label = Option<FieldPath?>(
        "--by", value: "LABEL", "the field that labels each bar", completion: .inputFields)

    /// The most bars drawn; the rest are counted on a line under the chart.
    static let maximumBars = 500

    let spec = CommandSpec(
        path: ["chart"], abstract: "Draw numbers (or FIELD of records) as bars",
        discussion: """
            A list of numbers is labelled by position; records are labelled by --by LABEL (else by position) and \
            charted by FIELD, or by their first numeric field. Bars are scaled to the width, with eighth-block \
            precision; negative values grow left from a zero line. The value passes on unchanged, so --format \
            json prints the data. At most \(maximumBars) bars are drawn.
            """,
        arguments: [Self.field], options: [Self.label],
        examples: [
            Example("services list | chart price --by title"),
            Example("news list | uniq categoryType --count | chart count --by value"),
        ],
        input: .required, resultFields: .input)

    func run(_ invocation: Invocation) throws -> CommandResult? {
        let items = try invocation.requireListInput()
        let values: ValueList
        var fieldName: String?
        if let field = try invocation[Self.field] ?? Self.firstNumericField(in: items) {
            var reader = FieldReader(field, command: spec.name)
            values = ValueList(try reader.values(in: items))
            fieldName = field.text
        } else if items.contains(where: { $0.recordValue != nil }) {
            throw Self.noNumericField(in: items)
        } else {
            values = items
        }
        var labels = items.indices.map { String($0 + 1) }
        if let label = try invocation[Self.label] {
            var reader = FieldReader(label, command: spec.name)
            labels = try reader.values(in: items).map { $0.isNull ? "" : $0.plainText }
        }
        var bars: [BarChart.Bar] = []
        for (index, value) in values.enumerated().prefix(Self.maximumBars) {
            guard let number = value.doubleValue else {
                if value.isNull { continue }
                throw VerbError.notNumber(command: spec.name, item: index + 1, field: fieldName, value: value)
            }
            bars.append(BarChart.Bar(label: labels[index], value: number, text: value.plainText))
        }
        let left = values.count - min(values.count, Self.maximumBars)
        let note = left > 0 ? "… \(left) more rows not charted (take or where to choose)" : nil
        return CommandResult(.list(items), view: BarChart(bars: bars, note: note))
    }

    /// The first field, in record order, that holds a number in some record and nothing but
    /// numbers and nulls in all of them.
    static func firstNumericField(in items: ValueList) -> FieldPath? {
        guard case .record(let first) = items.first else { return nil }
        for name in first.names.names {
            var sawNumber = false
            var numeric = true
            for case .record(let record) in items.prefix(10_000) {
                let value = record[name] ?? .null
                if value.isNull { continue }
                if value.isNumber { sawNumber = true } else { numeric = false }
                if !numeric { break }
            }
            if numeric, sawNumber { return FieldPath(name) }
        }
        return nil
    }

    private static func noNumericField(in items: ValueList) -> VerbError {
        let fields = items.first?.recordValue?.names.names.prefix(8).joined(separator: ", ") ?? ""
        return .invalid(
            command: "chart", reason: "no field holds numbers (fields: \(fields)); name one: chart FIELD --by LABEL")
    }
}
