import ShopPluginAPI

/// A field named by a path through records and lists: `price`, `details.0.title`.
///
/// The text splits at dots into steps; a step of digits indexes a list (0-based) and names a
/// field in a record. A record with a field named by the whole remaining text (`"Unit
/// Price"`, `"a.b"` from a CSV header) gives that field first.
///
/// ```swift
/// static let field = Argument<FieldPath>("FIELD", "a field of the items")
/// var reader = FieldReader(try invocation[Self.field], command: "get")
/// ```
public struct FieldPath: Sendable, Hashable, CustomStringConvertible {
    /// The path as written.
    public let text: String
    /// The steps, split at dots.
    let steps: [String]
    /// The text from each step on (`details.0.title`, `0.title`, `title`), for records that
    /// name a field by it whole.
    private let remainders: [String]

    public init(_ text: String) {
        self.text = text
        let steps = text.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        self.steps = steps
        remainders = steps.indices.map { steps[$0...].joined(separator: ".") }
    }

    public var description: String { text }

    /// The value at the path in `value`, or nil when a step is missing.
    public func value(in value: Value) -> Value? {
        follow(from: value, after: 0)
    }

    /// Where the path's first step sits among `names`, and how many steps it takes (all of
    /// them when a field is named by the whole text).
    func firstStep(in names: FieldNames) -> (position: Int, steps: Int)? {
        if steps.count > 1, let position = names.position(of: text) { return (position, steps.count) }
        return names.position(of: steps[0]).map { ($0, 1) }
    }

    /// The column of `table` this path names as a whole (a field, not a path into one), or nil.
    public func column(in table: RecordTable) -> Int? {
        table.columnIndex(of: text)
    }

    /// Follows the steps after the first `taken` from `value`, the value the first ones reach.
    func follow(from value: Value, after taken: Int) -> Value? {
        var current = value
        var index = taken
        while index < steps.count {
            switch current {
            case .record(let record):
                if index < steps.count - 1, let whole = record[remainders[index]] { return whole }
                guard let next = record[steps[index]] else { return nil }
                current = next
            case .list(let items):
                guard let position = Int(steps[index]), position >= 0, position < items.count else { return nil }
                current = items[position]
            default:
                return nil
            }
            index += 1
        }
        return current
    }

    /// The path nearest to this one among the paths `items` have, as far as the steps reach
    /// before failing, and those paths: for the hint of an unknown field's error.
    func suggestion(in items: ValueList) -> FieldSuggestion {
        var candidates: [String] = []
        var seenCandidates: Set<String> = []
        var seenShapes: [ObjectIdentifier] = []
        for item in items.prefix(Self.suggestionScanLimit) {
            if case .record(let record) = item {
                let shape = ObjectIdentifier(record.names)
                if steps.count == 1, seenShapes.contains(shape) { continue }
                if steps.count == 1 { seenShapes.append(shape) }
            }
            var current = item
            var prefix = ""
            for step in steps {
                if case .list(let list) = current, let index = Int(step), index >= 0, index < list.count {
                    prefix += step + "."
                    current = list[index]
                    continue
                }
                guard case .record(let record) = current else { break }
                guard let next = record[step] else {
                    for name in record.names.names where seenCandidates.insert(prefix + name).inserted {
                        candidates.append(prefix + name)
                    }
                    break
                }
                prefix += step + "."
                current = next
            }
        }
        return FieldSuggestion(nearest: Suggestion.nearest(to: text, in: candidates), fields: candidates)
    }

    /// How many items are looked at for a suggestion (the shapes of a big list repeat).
    static let suggestionScanLimit = 10_000
}

extension FieldPath: ArgumentValue {
    public static var valueType: ValueType { .string }
    /// Tab offers the fields of the records the previous command yields.
    public static var defaultCompletion: CompletionSource { .inputFields }

    public init?(bound word: BoundWord, in context: ArgumentContext) {
        guard !word.text.isEmpty else { return nil }
        self.init(word.text)
    }
}
