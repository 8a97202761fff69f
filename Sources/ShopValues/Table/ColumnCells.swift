/// The values of one column, stored by kind: what a ``Column`` holds once it is read.
enum ColumnCells: Sendable {
    case ints(NumberCells<Int>)
    case doubles(NumberCells<Double>)
    case bools(BoolCells)
    case strings(StringCells)
    case values([Value])

    var count: Int {
        switch self {
        case .ints(let cells): cells.values.count
        case .doubles(let cells): cells.values.count
        case .bools(let cells): cells.values.count
        case .strings(let cells): cells.count
        case .values(let values): values.count
        }
    }

    var kind: ColumnKind {
        switch self {
        case .ints: .int
        case .doubles: .double
        case .bools: .bool
        case .strings: .string
        case .values: .values
        }
    }

    /// The value of row `row`.
    func value(at row: Int) -> Value {
        switch self {
        case .ints(let cells):
            if cells.isNull(row) { return .null }
            let int = cells.values[row]
            guard let text = cells.texts.text(at: row, value: Double(int)) else { return .int(int) }
            return .exact(ExactNumber(.int(int), text: text))
        case .doubles(let cells):
            if cells.isNull(row) { return .null }
            let double = cells.values[row]
            guard let text = cells.texts.text(at: row, value: double) else { return .double(double) }
            return .exact(ExactNumber(.double(double), text: text))
        case .bools(let cells):
            return cells.isNull(row) ? .null : .bool(cells.values[row])
        case .strings(let cells):
            return cells.string(at: row).map(Value.string) ?? .null
        case .values(let values):
            return values[row]
        }
    }

    /// Whether row `row` holds null.
    func isNull(_ row: Int) -> Bool {
        switch self {
        case .ints(let cells): cells.isNull(row)
        case .doubles(let cells): cells.isNull(row)
        case .bools(let cells): cells.isNull(row)
        case .strings(let cells): cells.isNull(row)
        case .values(let values): values[row].isNull
        }
    }

    /// The cells of the rows `rows` names, in that order.
    func gathering(_ rows: some Collection<Int>) -> ColumnCells {
        switch self {
        case .ints(let cells): .ints(cells.gathering(rows))
        case .doubles(let cells): .doubles(cells.gathering(rows))
        case .bools(let cells): .bools(cells.gathering(rows))
        case .strings(let cells): .strings(cells.gathering(rows))
        case .values(let values): .values(rows.map { values[$0] })
        }
    }

    /// Parts of one column one after the other. Parts of different kinds join as values.
    static func joined(_ parts: [ColumnCells]) -> ColumnCells {
        guard let first = parts.first(where: { !$0.isAllNullValues }) ?? parts.first else { return .values([]) }
        if parts.count == 1 { return first }
        // A part of nulls only (a field a part of a file never had) takes the others' kind.
        let parts = parts.map { $0.isAllNullValues ? .typedNulls($0.count, kind: first.kind) : $0 }
        switch first.kind {
        case .int:
            let ints = parts.compactMap { if case .ints(let cells) = $0 { cells } else { nil } }
            if ints.count == parts.count { return .ints(NumberCells.joined(ints)) }
        case .double:
            let doubles = parts.compactMap { if case .doubles(let cells) = $0 { cells } else { nil } }
            if doubles.count == parts.count { return .doubles(NumberCells.joined(doubles)) }
        case .bool:
            let bools = parts.compactMap { if case .bools(let cells) = $0 { cells } else { nil } }
            if bools.count == parts.count { return .bools(BoolCells.joined(bools)) }
        case .string:
            let strings = parts.compactMap { if case .strings(let cells) = $0 { cells } else { nil } }
            if strings.count == parts.count { return .strings(StringCells.joined(strings)) }
        case .values:
            break
        }
        var values: [Value] = []
        values.reserveCapacity(parts.reduce(0) { $0 + $1.count })
        for part in parts {
            for row in 0..<part.count { values.append(part.value(at: row)) }
        }
        return .values(values)
    }
}

extension ColumnCells {
    /// Whether this is a column of values that are all null.
    var isAllNullValues: Bool {
        if case .values(let values) = self { values.allSatisfy(\.isNull) } else { false }
    }

    /// `count` null rows of a column of `kind`.
    static func typedNulls(_ count: Int, kind: ColumnKind) -> ColumnCells {
        var builder = ColumnBuilder(source: [], kind: kind)
        for _ in 0..<count { builder.appendNull() }
        return builder.cells
    }
}

/// The kinds of column.
public enum ColumnKind: Sendable, Equatable {
    /// Whole numbers.
    case int
    /// Numbers, at least one with a fraction or an exponent.
    case double
    /// `true` and `false`.
    case bool
    /// Strings.
    case string
    /// Anything else: several types, lists, records.
    case values
}

/// The numbers of an int or double column, with their nulls and texts.
struct NumberCells<Number: Sendable & Equatable>: Sendable {
    var values: [Number]
    var nulls: NullMask?
    var texts: NumberTexts

    @inline(__always) func isNull(_ row: Int) -> Bool {
        nulls?.isNull(row) ?? false
    }

    func gathering(_ rows: some Collection<Int>) -> NumberCells {
        NumberCells(values: rows.map { values[$0] }, nulls: nulls?.gathering(rows), texts: texts.gathering(rows))
    }

    static func joined(_ parts: [NumberCells]) -> NumberCells {
        var values: [Number] = []
        values.reserveCapacity(parts.reduce(0) { $0 + $1.values.count })
        for part in parts { values.append(contentsOf: part.values) }
        return NumberCells(
            values: values, nulls: NullMask.joined(parts.map { ($0.nulls, $0.values.count) }),
            texts: NumberTexts.joined(parts.map(\.texts)))
    }
}

/// The values of a bool column, with their nulls.
struct BoolCells: Sendable {
    var values: [Bool]
    var nulls: NullMask?

    @inline(__always) func isNull(_ row: Int) -> Bool {
        nulls?.isNull(row) ?? false
    }

    func gathering(_ rows: some Collection<Int>) -> BoolCells {
        BoolCells(values: rows.map { values[$0] }, nulls: nulls?.gathering(rows))
    }

    static func joined(_ parts: [BoolCells]) -> BoolCells {
        BoolCells(
            values: parts.flatMap(\.values), nulls: NullMask.joined(parts.map { ($0.nulls, $0.values.count) }))
    }
}
