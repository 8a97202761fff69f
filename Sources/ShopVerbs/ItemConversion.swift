import ShopPluginAPI

/// Applies a conversion where `into`, `date trunc` and `date part` apply it: to a value, to
/// each item of a list, or to fields FIELD… of a record or of every record of a list (records
/// without a field keep it absent; a field no record has is an error naming the nearest).
/// Null stays null. A value the conversion refuses is an error naming its item and field:
/// `into date: item 3, field 'released': '2026-02-30' is not a date: …`.
struct ItemConversion {
    /// The verb, for messages.
    let command: String
    /// The fields to convert in records; none for the values themselves.
    let fields: [String]

    /// Why a conversion refused a value, in words (the value quoted in them).
    struct Refusal: Error {
        let reason: String
    }

    /// The input with `convert` applied.
    func apply(to input: Value, _ convert: (Value) throws(Refusal) -> Value) throws -> Value {
        if !fields.isEmpty { return try applyToFields(of: input, convert) }
        switch input {
        case .list(let items):
            var converted: [Value] = []
            converted.reserveCapacity(items.count)
            for (index, item) in items.enumerated() {
                try Task.checkCancellation()
                converted.append(try convertItem(item, item: index + 1, field: nil, convert))
            }
            return .list(converted)
        case .record:
            throw VerbError.invalid(command: command, reason: "a record needs FIELD, the field to convert")
        default:
            return try convertItem(input, item: nil, field: nil, convert)
        }
    }

    /// The input with `convert` applied to its dates (`date trunc`, `date part`); any other
    /// value is refused, pointing to `into date`.
    func applyToDates(in input: Value, _ convert: (DateTime) throws(Refusal) -> Value) throws -> Value {
        try apply(to: input) { (value) throws(Refusal) in
            guard case .date(let date) = value else {
                throw Refusal(reason: "\(value.describedType) is not a date (into date reads text)")
            }
            return try convert(date)
        }
    }

    private func applyToFields(of input: Value, _ convert: (Value) throws(Refusal) -> Value) throws -> Value {
        switch input {
        case .record(let record):
            var converted = record
            for field in fields {
                guard let value = record[field] else {
                    throw VerbError.noField(
                        command: command, field: field, suggestion: FieldPath(field).suggestion(in: [input]))
                }
                converted = converted.setting(field, to: try convertItem(value, item: nil, field: field, convert))
            }
            return .record(converted)
        case .list(let items):
            var converted: [Value] = []
            converted.reserveCapacity(items.count)
            var known: Set<String> = []
            for (index, item) in items.enumerated() {
                try Task.checkCancellation()
                guard case .record(let record) = item else {
                    throw VerbError.notRecord(command: command, item: index + 1, got: item.describedType)
                }
                var changed = record
                for field in fields {
                    guard let value = record[field] else { continue }
                    known.insert(field)
                    changed = changed.setting(field, to: try convertItem(value, item: index + 1, field: field, convert))
                }
                converted.append(.record(changed))
            }
            if !items.isEmpty, let unknown = fields.first(where: { !known.contains($0) }) {
                throw VerbError.noField(
                    command: command, field: unknown, suggestion: FieldPath(unknown).suggestion(in: items))
            }
            return .list(converted)
        default:
            throw CommandError.invalidInput(
                command: command, expected: "a record or a list of records (FIELD names their field)",
                got: input.describedType)
        }
    }

    private func convertItem(
        _ value: Value, item: Int?, field: String?, _ convert: (Value) throws(Refusal) -> Value
    ) throws -> Value {
        if value.isNull { return .null }
        do {
            return try convert(value)
        } catch {
            var place: [String] = []
            if let item { place.append("item \(item)") }
            if let field { place.append("field '\(field)'") }
            let prefix = place.isEmpty ? "" : place.joined(separator: ", ") + ": "
            throw VerbError.invalid(command: command, reason: prefix + error.reason)
        }
    }
}
