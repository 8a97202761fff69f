import ShopPluginAPI

/// `insert FIELD VALUE` and `update FIELD VALUE`: a field added to every record, or an existing
/// field changed in every record.
///
/// VALUE is evaluated once per record with `$it` bound to it when it mentions `$it`
/// (`insert total $(math $it.price * $it.count)`), and once in all otherwise.
struct InsertOrUpdateCommand: Command {
    /// Whether the field is new or exists.
    enum Mode: String, Sendable {
        case insert, update
    }

    static let field = Argument<String>("FIELD", "the field", completion: .inputFields)
    static let value = Deferred.value("VALUE", "its value in every record; may use $it")
    static let item = Option<String?>.itemName

    let mode: Mode
    let spec: CommandSpec

    init(_ mode: Mode) {
        self.mode = mode
        spec = CommandSpec(
            path: [mode.rawValue],
            abstract: mode == .insert
                ? "Add field FIELD with VALUE to every record" : "Set field FIELD to VALUE in every record",
            discussion: (mode == .insert
                ? "Works on a list of records or on one record. FIELD must be new: to change a field, use 'update'."
                : "Works on a list of records or on one record. A record without FIELD gets it; a field no record has is an error (to add one, use 'insert').")
                + " Inside a $( … ) in VALUE, a command such as where binds $it to its own items: --item NAME names "
                + "the record $NAME too.",
            arguments: [Self.field, Self.value], options: [Self.item],
            examples: mode == .insert
                ? [
                    Example("services list | insert currency RUB | select title price currency"),
                    Example("services list | insert double $(math $it.price * 2) | select title double"),
                    Example(
                        "services list | insert --item s cheaper $(services list | where price < ${s.price} | count)"),
                ]
                : [
                    Example("services list | update description '' | first"),
                    Example("services list | update title \"$it.title ($it.id)\" | get title"),
                ],
            input: .required,
            resultFields: .derived { input, words in
                mode == .insert && !words.isEmpty && !input.contains(words[0]) ? input + [words[0]] : input
            })
    }

    func run(_ invocation: Invocation) async throws -> CommandResult? {
        let field = try invocation[Self.field]
        let value = try invocation[Self.value, item: try invocation[Self.item]]
        let input = try invocation.recordsInput()
        guard !field.isEmpty else { throw VerbError.invalid(command: spec.name, reason: "FIELD must not be empty") }
        switch mode {
        case .insert:
            if input.records.contains(where: { $0[field] != nil }) {
                throw VerbError.fieldExists(
                    command: spec.name, field: field, hint: "to change it, use 'update \(field) …'")
            }
        case .update:
            if !input.records.isEmpty, !input.records.contains(where: { $0[field] != nil }) {
                throw VerbError.noField(
                    command: spec.name, field: field, suggestion: FieldPath(field).suggestion(in: input.items))
            }
        }
        var widened: (from: FieldNames, to: FieldNames)?
        var changed: [Record] = []
        changed.reserveCapacity(input.records.count)
        for record in input.records {
            let value = try await value.value(for: .record(record))
            if record.names.position(of: field) != nil {
                changed.append(record.setting(field, to: value))
                continue
            }
            // Records that share their names share the widened names too.
            let names =
                widened.flatMap { $0.from === record.names ? $0.to : nil }
                ?? FieldNames(record.names.names + [field])
            widened = (record.names, names)
            changed.append(Record(names: names, values: record.values + [value]))
        }
        return .value(input.output(changed))
    }
}
