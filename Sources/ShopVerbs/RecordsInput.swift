import ShopPluginAPI

/// The input of a verb for records: a list of records, or one record, which the verb
/// answers with one record.
struct RecordsInput {
    /// The records, in order.
    var records: [Record]
    /// Whether the input was a single record rather than a list.
    var isSingle: Bool

    /// `records` in the shape of the input: one record for one record, else a list.
    func output(_ records: [Record]) -> Value {
        if isSingle, let record = records.first { return .record(record) }
        return .list(records.map(Value.record))
    }

    /// The items as values, as a field reader takes them.
    var items: ValueList { ValueList(records.map(Value.record)) }
}

extension Invocation {
    /// The input's table, when it is a list stored as one.
    func tableInput() throws -> RecordTable? {
        try requireInput().listValue?.table
    }

    /// The input as records; an error names the first item that is not one.
    func recordsInput() throws -> RecordsInput {
        switch try requireInput() {
        case .record(let record):
            return RecordsInput(records: [record], isSingle: true)
        case .list(let items):
            var records: [Record] = []
            records.reserveCapacity(items.count)
            for (index, item) in items.enumerated() {
                guard case .record(let record) = item else {
                    throw VerbError.notRecord(command: spec.name, item: index + 1, got: item.describedType)
                }
                records.append(record)
            }
            return RecordsInput(records: records, isSingle: false)
        case let other:
            throw CommandError.invalidInput(
                command: spec.name, expected: "a list of records or a record", got: other.describedType)
        }
    }
}
