import ShopPluginAPI

/// `describe`: a summary of each field of a list of records (or of a list of plain values):
/// its types, how many values and nulls it has, how many distinct values, the smallest and
/// largest, and the mean of numbers.
struct DescribeCommand: Command {
    static let resultNames = FieldNames(["field", "types", "count", "nulls", "distinct", "min", "max", "mean"])

    let spec = CommandSpec(
        path: ["describe"], abstract: "Summarize each field: types, nulls, distinct values, min, max, mean",
        discussion: """
            One record per field, in the order the fields first appear: its types (int|string when it mixes \
            them), how many items have a value (count) and how many have null or lack it (nulls), how many \
            distinct values, the smallest and largest (numbers, text, dates, durations; nested lists and records \
            are left out), and the mean when every value is a number. A list of plain values is one field, value.
            """,
        examples: [Example("services list | describe"), Example("[3, 1, null, 2] | describe")],
        input: .required, fields: resultNames.names, resultFields: .declared)

    func run(_ invocation: Invocation) throws -> CommandResult? {
        let items = try invocation.requireListInput()
        var order: [String] = []
        var summaries: [String: FieldSummary] = [:]
        let holdsRecords = items.contains { $0.recordValue != nil }
        for (index, item) in items.enumerated() {
            if index % 4096 == 0 { try Task.checkCancellation() }
            guard holdsRecords else {
                if summaries["value"] == nil { order.append("value") }
                summaries["value", default: FieldSummary()].add(item)
                continue
            }
            guard case .record(let record) = item else {
                throw VerbError.notRecord(command: spec.name, item: index + 1, got: item.describedType)
            }
            for (name, value) in zip(record.names.names, record.values) {
                if summaries[name] == nil {
                    order.append(name)
                    summaries[name] = FieldSummary(missedBefore: index)
                }
                summaries[name]?.add(value)
            }
            for name in order where record[name] == nil { summaries[name]?.add(.null) }
        }
        return .value(
            .list(order.map { name in .record(summaries[name, default: FieldSummary()].row(named: name)) }))
    }
}

/// What `describe` gathers about one field.
private struct FieldSummary {
    private var types: [String] = []
    private var count = 0
    private var nulls: Int
    private var distinct: Set<GroupKey> = []
    private var minimum: Value?
    private var maximum: Value?
    private var sum = 0.0
    private var allNumbers = true

    /// A field first seen at item `missedBefore` (0-based): the items before it lacked it.
    init(missedBefore: Int = 0) {
        nulls = missedBefore
    }

    mutating func add(_ value: Value) {
        if value.isNull {
            nulls += 1
            return
        }
        count += 1
        let type = value.typeName
        if !types.contains(type) { types.append(type) }
        distinct.insert(GroupKey(value))
        if let number = value.doubleValue, value.isNumber { sum += number } else { allNumbers = false }
        switch value {
        case .list, .record: return
        default: break
        }
        if minimum.map({ value.sortsBefore($0) }) ?? true { minimum = value }
        if maximum.map({ $0.sortsBefore(value) }) ?? true { maximum = value }
    }

    func row(named name: String) -> Record {
        let mean: Value = allNumbers && count > 0 ? .double(sum / Double(count)) : .null
        return Record(
            names: DescribeCommand.resultNames,
            values: [
                .string(name), .string(types.joined(separator: "|")), .int(count), .int(nulls), .int(distinct.count),
                minimum ?? .null, maximum ?? .null, mean,
            ])
    }
}
