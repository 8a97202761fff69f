extension ValueList {
    /// Every field name the records of the list have, in the order first seen (items that are
    /// not records have none): the columns of the list as a table.
    public var fieldNames: [String] {
        if let table { return table.fieldsOfRows }
        var names: [String] = []
        var seen: Set<String> = []
        var lastNames: FieldNames?
        for case .record(let record) in self where record.names !== lastNames {
            lastNames = record.names
            for name in record.names.names where seen.insert(name).inserted { names.append(name) }
        }
        return names
    }
}
