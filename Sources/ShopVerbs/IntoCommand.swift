import ShopPluginAPI

/// `into int|float|string|date [FIELD…]`: converts a value, each item of a list, or fields of
/// every record, naming the item that cannot be converted.
struct IntoCommand: Command {
    /// What the values become.
    enum Kind: String, Sendable, CaseIterable {
        case int, float, string, date
    }

    static let fields = Argument<[String]>("FIELD", "the fields to convert in records", completion: .inputFields)
    static let format = Option<String?>(
        "--format", value: "FMT",
        "a strftime layout (%d/%m/%Y): for date, how the text is written; for string, how dates are")

    let kind: Kind
    let spec: CommandSpec

    init(_ kind: Kind) {
        self.kind = kind
        let about: (abstract: String, discussion: String, examples: [Example]) =
            switch kind {
            case .int:
                (
                    "Convert to whole numbers",
                    "Text must be a whole number ('007' is 7); a number loses its fraction; true is 1; a date is "
                        + "its seconds since 1970 and a duration its seconds.",
                    [Example("['7', '007', 12.9] | into int"), Example("[{qty: '3'}, {qty: '12'}] | into int qty")]
                )
            case .float:
                (
                    "Convert to numbers",
                    "Text must be a number; a date is its seconds since 1970 and a duration its seconds.",
                    [Example("['1.50', '2', 3] | into float")]
                )
            case .string:
                (
                    "Convert to text",
                    "Numbers as written, dates as ISO 8601 text (or as --format lays them out), durations as 3d 4h, "
                        + "lists and records as JSON.",
                    [Example("[1, 2.50, true] | into string")]
                )
            case .date:
                (
                    "Convert text to dates",
                    "Text is read as ISO 8601 (2026-01-15, 2026-01-15T10:30:00+03:00) unless --format gives a "
                        + "strftime layout (%d/%m/%Y %H:%M; names in English, no locale); a number is seconds since "
                        + "1970. A date keeps the UTC offset it was written with; none means UTC.",
                    [
                        Example("'2026-01-15T10:30:00Z' | into date"),
                        Example("['15/01/2026'] | into date --format '%d/%m/%Y'"),
                    ]
                )
            }
        spec = CommandSpec(
            path: ["into", kind.rawValue], abstract: about.abstract,
            discussion: about.discussion + " With FIELD…, converts those fields of a record or of every record; "
                + "null stays null, and a value that cannot be converted is an error naming its item.",
            arguments: [Self.fields], options: kind == .date || kind == .string ? [Self.format] : [],
            examples: about.examples, input: .required, resultFields: .input)
    }

    func run(_ invocation: Invocation) throws -> CommandResult? {
        let input = try invocation.requireInput()
        let conversion = ItemConversion(command: spec.name, fields: try invocation[Self.fields])
        let format: DateFormat?
        do {
            format = try (kind == .date || kind == .string ? invocation[Self.format] : nil).map(DateFormat.init)
        } catch let error as DateError {
            throw VerbError.invalid(command: spec.name, reason: error.description)
        }
        return .value(
            try conversion.apply(to: input) { (value) throws(ItemConversion.Refusal) in
                try convert(value, format: format)
            })
    }

    private func convert(_ value: Value, format: DateFormat?) throws(ItemConversion.Refusal) -> Value {
        switch kind {
        case .int: try ValueConversion.int(value)
        case .float: try ValueConversion.float(value)
        case .string: ValueConversion.string(value, format: format)
        case .date: try ValueConversion.date(value, format: format)
        }
    }
}
