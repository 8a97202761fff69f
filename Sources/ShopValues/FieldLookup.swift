/// Finds a field in records quickly when they share field names.
package struct FieldLookup {
    let name: String
    private var cachedNames: FieldNames?
    private var cachedPosition: Int?

    package init(_ name: String) {
        self.name = name
    }

    /// The field's value in `row`; a non-record row stands for itself under the name `it`.
    package mutating func value(in row: Value) -> Value? {
        guard case .record(let record) = row else { return name == "it" ? row : nil }
        if record.names !== cachedNames {
            cachedNames = record.names
            cachedPosition = record.names.position(of: name)
        }
        return cachedPosition.map { record.values[$0] }
    }
}
