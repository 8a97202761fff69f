import ShopPluginAPI

/// `rename OLD NEW`: a field renamed in every record that has it, keeping its place.
struct RenameCommand: Command {
    static let old = Argument<String>("OLD", "the field's name now", completion: .inputFields)
    static let new = Argument<String>("NEW", "its new name")

    let spec = CommandSpec(
        path: ["rename"], abstract: "Rename field OLD to NEW, in place",
        discussion: "Works on a list of records or on one record. NEW must not be a field already.",
        arguments: [Self.old, Self.new],
        examples: [Example("services list | rename title name | select name price")],
        input: .required,
        resultFields: .derived { input, words in
            words.count < 2 ? input : input.map { $0 == words[0] ? words[1] : $0 }
        })

    func run(_ invocation: Invocation) throws -> CommandResult? {
        let (old, new) = (try invocation[Self.old], try invocation[Self.new])
        let input = try invocation.recordsInput()
        guard !new.isEmpty else { throw VerbError.invalid(command: spec.name, reason: "NEW must not be empty") }
        var found = false
        var shape: (names: FieldNames, renamed: FieldNames?)?
        var renamed: [Record] = []
        renamed.reserveCapacity(input.records.count)
        for record in input.records {
            if shape?.names !== record.names {
                var names = record.names.names
                var result: FieldNames?
                if let position = names.firstIndex(of: old) {
                    found = true
                    if old != new, names.contains(new) {
                        throw VerbError.fieldExists(
                            command: spec.name, field: new, hint: "reject it first, or choose another name")
                    }
                    names[position] = new
                    result = FieldNames(names)
                }
                shape = (record.names, result)
            }
            guard let names = shape?.renamed else {
                renamed.append(record)
                continue
            }
            renamed.append(Record(names: names, values: record.values))
        }
        if !found, !input.records.isEmpty {
            throw VerbError.noField(
                command: spec.name, field: old, suggestion: FieldPath(old).suggestion(in: input.items))
        }
        return .value(input.output(renamed))
    }
}
