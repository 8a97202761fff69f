import ShopPluginAPI

/// `date part year|month|day|weekday|hour|minute|second [FIELD…]`: one field of dates, as an int.
struct DatePartCommand: Command {
    static let part = Argument<DatePart>("PART", "year, month, day, weekday (1 is Monday), hour, minute or second")
    static let fields = Argument<[String]>(
        "FIELD", "the fields of records that hold the dates", completion: .inputFields)

    let spec = CommandSpec(
        path: ["date", "part"], abstract: "One part of dates: year, month, day, weekday, hour…",
        discussion: """
            Works on a date, a list of dates, or fields FIELD… of a record or of every record (each field then \
            holds the part). Parts are read on the clock of each date's own UTC offset; weekday 1 is Monday, 7 \
            Sunday. Null stays null.
            """,
        arguments: [Self.part, Self.fields],
        examples: [
            Example("date now | date part weekday"),
            Example(
                "[{released: '2026-01-05'}, {released: '2026-02-11'}] | into date released | date part year released | group released --count"
            ),
        ],
        input: .required, resultFields: .input)

    func run(_ invocation: Invocation) throws -> CommandResult? {
        let part = try invocation[Self.part]
        let conversion = ItemConversion(command: spec.name, fields: try invocation[Self.fields])
        return .value(try conversion.applyToDates(in: try invocation.requireInput()) { .int($0.part(part)) })
    }
}
