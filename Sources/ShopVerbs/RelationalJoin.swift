import ShopPluginAPI

/// The relational join of `join RIGHT --on FIELD`: each record of the input (the left side)
/// with each record of RIGHT whose key field holds an equal value, by a hash of the right
/// side's keys.
///
/// Every joined record has the left side's fields, then the right side's (the union of each
/// side's fields, in the order first seen); a right field whose name the left side has is
/// named `right_NAME`, and the right key is left out when it has the left key's name (its value
/// is the same). Keys compare as `where ==` does (`2` matches `2.0`); a null or missing key
/// matches nothing. `--left` keeps left records without a match (right fields null), `--right`
/// right records without one (left fields null, a shared key filled from the right), `--outer`
/// both. Left records come in order, each with its matches in RIGHT's order, then the unmatched
/// right records in order.
///
/// It pairs rows first (``pairs(left:right:)``) and makes records from the pairs after: a
/// column-stored table can gather its columns by the same pairs.
struct RelationalJoin {
    /// Which unmatched records are kept.
    enum Kind: Sendable {
        case inner, left, right, outer

        var keepsLeft: Bool { self == .left || self == .outer }
        var keepsRight: Bool { self == .right || self == .outer }
    }

    /// The verb, for messages.
    let command: String
    let leftKey: String
    let rightKey: String
    let kind: Kind

    /// The joined records of `left` (the input) and `right`.
    func join(_ left: ValueList, _ right: ValueList) throws -> [Value] {
        let leftRecords = try records(of: left, side: nil)
        let rightRecords = try records(of: right, side: "RIGHT")
        try requireKey(leftKey, in: left, records: leftRecords, side: nil)
        try requireKey(rightKey, in: right, records: rightRecords, side: "RIGHT")
        let pairs = try self.pairs(left: leftRecords, right: rightRecords)
        let leftColumns = left.fieldNames
        let rightColumns = right.fieldNames.filter { rightKey != leftKey || $0 != rightKey }
        return try records(from: pairs, left: (leftRecords, leftColumns), right: (rightRecords, rightColumns))
    }

    /// The items as records; an error names the first that is not one.
    private func records(of items: ValueList, side: String?) throws -> [Record] {
        var records: [Record] = []
        records.reserveCapacity(items.count)
        for (index, item) in items.enumerated() {
            guard case .record(let record) = item else {
                guard let side else {
                    throw VerbError.notRecord(command: command, item: index + 1, got: item.describedType)
                }
                throw VerbError.invalid(
                    command: command,
                    reason: "\(side) must be a list of records; its item \(index + 1) is \(item.describedType)")
            }
            records.append(record)
        }
        return records
    }

    /// Throws when no record of a side that has records has the key field, naming the nearest.
    private func requireKey(_ key: String, in items: ValueList, records: [Record], side: String?) throws {
        guard !records.isEmpty, !records.contains(where: { $0[key] != nil }) else { return }
        let suggestion = FieldPath(key).suggestion(in: items)
        guard let side else { throw VerbError.noField(command: command, field: key, suggestion: suggestion) }
        throw VerbError.invalid(command: command, reason: "\(side) has no field '\(key)'" + suggestion.text)
    }

    /// The positions of the joined rows: a left and a right record, or one of them alone.
    func pairs(left: [Record], right: [Record]) throws -> [(left: Int?, right: Int?)] {
        var matches: [GroupKey: [Int]] = [:]
        for (index, record) in right.enumerated() {
            guard let key = record[rightKey], !key.isNull else { continue }
            matches[GroupKey(key), default: []].append(index)
        }
        var pairs: [(left: Int?, right: Int?)] = []
        pairs.reserveCapacity(left.count)
        var matchedRight = kind.keepsRight ? [Bool](repeating: false, count: right.count) : []
        for (index, record) in left.enumerated() {
            if index % 4096 == 0 { try Task.checkCancellation() }
            let found = record[leftKey].flatMap { $0.isNull ? nil : matches[GroupKey($0)] } ?? []
            if found.isEmpty {
                if kind.keepsLeft { pairs.append((index, nil)) }
                continue
            }
            for match in found {
                pairs.append((index, match))
                if kind.keepsRight { matchedRight[match] = true }
            }
        }
        if kind.keepsRight {
            for index in right.indices where !matchedRight[index] { pairs.append((nil, index)) }
        }
        return pairs
    }

    /// The records the pairs make, all with the same fields: each side's columns.
    private func records(
        from pairs: [(left: Int?, right: Int?)], left: (records: [Record], columns: [String]),
        right: (records: [Record], columns: [String])
    ) throws -> [Value] {
        let (leftColumns, rightColumns) = (left.columns, right.columns)
        var taken = Set(leftColumns)
        let renamed = rightColumns.map { name in
            var output = name
            while taken.contains(output) { output = "right_" + output }
            taken.insert(output)
            return output
        }
        let names = FieldNames(leftColumns + renamed)
        var leftReader = ColumnReader(columns: leftColumns)
        var rightReader = ColumnReader(columns: rightColumns)
        let sharedKey = rightKey == leftKey ? leftColumns.firstIndex(of: leftKey) : nil
        var joined: [Value] = []
        joined.reserveCapacity(pairs.count)
        for (count, pair) in pairs.enumerated() {
            if count % 4096 == 0 { try Task.checkCancellation() }
            var builder = Record.Builder(names: names)
            if let index = pair.left {
                leftReader.append(left.records[index], to: &builder)
            } else {
                for column in leftColumns.indices {
                    let fromRight = column == sharedKey ? pair.right.flatMap { right.records[$0][rightKey] } : nil
                    builder.append(fromRight ?? .null)
                }
            }
            if let index = pair.right {
                rightReader.append(right.records[index], to: &builder)
            } else {
                for _ in rightColumns { builder.append(.null) }
            }
            joined.append(.record(builder.record))
        }
        return joined
    }
}

/// Reads a fixed list of fields from records, by positions found once per shape of record.
private struct ColumnReader {
    let columns: [String]
    private var names: FieldNames?
    private var positions: [Int?] = []

    init(columns: [String]) {
        self.columns = columns
    }

    /// Appends the record's value of each column (null where it has none) to `builder`.
    mutating func append(_ record: Record, to builder: inout Record.Builder) {
        if record.names !== names {
            names = record.names
            positions = columns.map { record.names.position(of: $0) }
        }
        let values = record.values
        for position in positions { builder.append(position.map { values[$0] } ?? .null) }
    }
}
