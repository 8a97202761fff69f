import ShopPluginAPI

/// `uniq [FIELD] [--count]`: the distinct values (of FIELD), first seen first; with
/// `--count`, `{value, count}` rows.
struct UniqCommand: Command {
    static let field = Argument<FieldPath?>("FIELD", "a field of the records; leave out for the items themselves")
    static let count = Flag("--count", "yield {value, count} rows: how often each value occurs")

    let spec = CommandSpec(
        path: ["uniq"], abstract: "The distinct values (of FIELD), first seen first",
        discussion: "With --count, one {value, count} row per distinct value, in the order first seen.",
        arguments: [Self.field], options: [Self.count],
        examples: [
            Example("news list | uniq categoryType"),
            Example("news list | uniq categoryType --count | sort count desc"),
        ],
        input: .required, fields: ["value", "count"])

    static let countNames = FieldNames(["value", "count"])

    func run(_ invocation: Invocation) throws -> CommandResult? {
        var values = try invocation.requireListInput()
        if let field = try invocation[Self.field] {
            var reader = FieldReader(field, command: spec.name)
            values = ValueList(try reader.values(in: values))
        }
        var positions: [GroupKey: Int] = [:]
        var distinct: [Value] = []
        var counts: [Int] = []
        for value in values {
            let key = GroupKey(value)
            if let position = positions[key] {
                counts[position] += 1
            } else {
                positions[key] = distinct.count
                distinct.append(value)
                counts.append(1)
            }
        }
        guard invocation[Self.count] else { return .value(.list(distinct)) }
        return .value(
            .list(zip(distinct, counts).map { .record(Record(names: Self.countNames, values: [$0, .int($1)])) }))
    }
}
