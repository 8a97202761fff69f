import ShopPluginAPI

/// `date trunc day|week|month|year [FIELD…]`: dates cut down to the start of their day, week
/// (Monday), month or year, so that `group` can count by them.
struct DateTruncCommand: Command {
    static let unit = Argument<DateUnit>("UNIT", "day, week (from Monday), month or year")
    static let fields = Argument<[String]>(
        "FIELD", "the fields of records that hold the dates", completion: .inputFields)

    let spec = CommandSpec(
        path: ["date", "trunc"], abstract: "Cut dates down to the start of their day, week, month or year",
        discussion: """
            Works on a date, a list of dates, or fields FIELD… of a record or of every record. The cut is made on \
            the clock of each date's own UTC offset, which it keeps; weeks start on Monday. Null stays null.
            """,
        arguments: [Self.unit, Self.fields],
        examples: [
            Example("date now | date trunc month"),
            Example(
                "[{released: '2026-01-05'}, {released: '2026-02-11'}] | into date released | date trunc month released | group released --count"
            ),
        ],
        input: .required, resultFields: .input)

    func run(_ invocation: Invocation) throws -> CommandResult? {
        let unit = try invocation[Self.unit]
        let conversion = ItemConversion(command: spec.name, fields: try invocation[Self.fields])
        return .value(
            try conversion.applyToDates(in: try invocation.requireInput()) { (date) throws(ItemConversion.Refusal) in
                do throws(DateError) {
                    return .date(try date.truncated(to: unit))
                } catch {
                    throw ItemConversion.Refusal(reason: error.description)
                }
            })
    }
}
