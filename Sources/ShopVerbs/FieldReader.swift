import ShopPluginAPI

/// Reads one field from the items of a list: the one way every verb resolves a field.
///
/// An item that lacks the field reads it as null, so ragged data from one's own files still
/// works; a field that no item has is an error naming the nearest field (``requireKnown(in:)``:
/// `where: no field 'category' (did you mean 'categoryType'?)`), never a silently empty
/// result. An item that is not a record (or, for a path that starts with an index, a list)
/// is an error naming it. Records that share their field names find the field by a cached
/// position, so a million rows cost one lookup each.
///
/// ```swift
/// var reader = FieldReader(FieldPath("price"), command: "sum")
/// for (index, item) in items.enumerated() { total += try reader.value(in: item, at: index) … }
/// try reader.requireKnown(in: items)
/// ```
public struct FieldReader {
    /// The field.
    public let path: FieldPath
    /// The verb, for messages.
    public let command: String
    /// Whether some item had the field.
    public private(set) var isKnown = false
    private var cachedNames: FieldNames?
    private var cachedStep: (position: Int, steps: Int)?
    private let startsWithIndex: Bool

    public init(_ path: FieldPath, command: String) {
        self.path = path
        self.command = command
        startsWithIndex = Int(path.steps[0]) != nil
    }

    /// The field's value in `item`, the `index`th (0-based) of its list; null when it lacks it.
    public mutating func value(in item: Value, at index: Int) throws(VerbError) -> Value {
        switch item {
        case .record(let record):
            if record.names !== cachedNames {
                cachedNames = record.names
                cachedStep = path.firstStep(in: record.names)
            }
            guard let step = cachedStep else { return .null }
            let first = record.values[step.position]
            if step.steps == path.steps.count {
                isKnown = true
                return first
            }
            guard let value = path.follow(from: first, after: step.steps) else { return .null }
            isKnown = true
            return value
        case .list where startsWithIndex:
            guard let value = path.value(in: item) else { return .null }
            isKnown = true
            return value
        default:
            throw .notRecord(command: command, item: index + 1, got: item.describedType)
        }
    }

    /// The field's value in a single record; an error naming the nearest field when it has none.
    public mutating func value(in record: Record) throws(VerbError) -> Value {
        let value = try value(in: .record(record), at: 0)
        try requireKnown(in: [.record(record)])
        return value
    }

    /// Throws the "no field" error when none of `items`, all read, had the field (made only
    /// then, for the suggestion).
    public func requireKnown(in items: @autoclosure () -> ValueList) throws(VerbError) {
        guard !isKnown else { return }
        let items = items()
        guard !items.isEmpty else { return }
        throw .noField(command: command, field: path.text, suggestion: path.suggestion(in: items))
    }

    /// The field of every item, in order (a list of `get`).
    public mutating func values(in items: ValueList) throws(VerbError) -> [Value] {
        var values: [Value] = []
        values.reserveCapacity(items.count)
        for index in items.indices { values.append(try value(in: items[index], at: index)) }
        try requireKnown(in: items)
        return values
    }
}
