/// Makes a column a row at a time, choosing its kind from what it is given: ints while every
/// value is an int, and so on for doubles, bools and strings (nulls fit any kind); a column of
/// several types is a column of values.
struct ColumnBuilder: Sendable {
    private enum State {
        /// Only nulls so far: how many.
        case empty(Int)
        case ints(NumberCells<Int>)
        case doubles(NumberCells<Double>)
        case bools(BoolCells)
        case strings(StringCells.Builder)
        case values([Value])
    }

    private var state: State = .empty(0)
    /// The bytes string cells may point into.
    private let source: [UInt8]

    /// A builder whose strings may be spans of `source`, choosing its kind as values come.
    init(source: [UInt8]) {
        self.source = source
    }

    /// A builder of a column of `kind` (a null-only column keeps it); values of another kind
    /// still make it a column of values.
    init(source: [UInt8], kind: ColumnKind) {
        self.source = source
        switch kind {
        case .int: state = .ints(.nulls(0))
        case .double: state = .doubles(.nulls(0))
        case .bool: state = .bools(BoolCells(values: [], nulls: nil))
        case .string: state = .strings(StringCells.Builder(source: source))
        case .values: state = .values([])
        }
    }

    /// Reserves room for `count` rows.
    mutating func reserveCapacity(_ count: Int) {
        switch state {
        case .ints(var cells):
            state = .empty(0)
            cells.values.reserveCapacity(count)
            state = .ints(cells)
        case .doubles(var cells):
            state = .empty(0)
            cells.values.reserveCapacity(count)
            state = .doubles(cells)
        case .strings(var builder):
            state = .empty(0)
            builder.reserveCapacity(count)
            state = .strings(builder)
        case .values(var values):
            state = .empty(0)
            values.reserveCapacity(count)
            state = .values(values)
        case .empty, .bools: break
        }
    }

    /// How many rows there are.
    var count: Int {
        switch state {
        case .empty(let count): count
        case .ints(let cells): cells.values.count
        case .doubles(let cells): cells.values.count
        case .bools(let cells): cells.values.count
        case .strings(let builder): builder.cells.count
        case .values(let values): values.count
        }
    }

    /// The cells; a column of nulls only is a column of values.
    var cells: ColumnCells {
        switch state {
        case .empty(let count): .values([Value](repeating: .null, count: count))
        case .ints(let cells): .ints(cells)
        case .doubles(let cells): .doubles(cells)
        case .bools(let cells): .bools(cells)
        case .strings(let builder): .strings(builder.cells)
        case .values(let values): .values(values)
        }
    }

    /// Adds any value.
    mutating func append(_ value: Value) {
        switch value {
        case .null: appendNull()
        case .int(let int): append(int: int, text: nil)
        case .double(let double): append(double: double, text: nil)
        case .exact(let exact):
            switch exact.value {
            case .int(let int): append(int: int, text: exact.text)
            case .double(let double): append(double: double, text: exact.text)
            }
        case .bool(let bool): append(bool: bool)
        case .string(let string):
            if case .empty(let nulls) = state { state = .strings(Self.nullStrings(nulls, source: source)) }
            guard case .strings(var builder) = state else { return appendValue(value) }
            state = .values([])
            if builder.append(string) {
                state = .strings(builder)
            } else {
                state = .strings(builder)
                appendValue(value)
            }
        default: appendValue(value)
        }
    }

    /// Adds a null.
    mutating func appendNull() {
        switch state {
        case .empty(let count): state = .empty(count + 1)
        case .ints(var cells):
            state = .empty(0)
            cells.appendNull(zero: 0)
            state = .ints(cells)
        case .doubles(var cells):
            state = .empty(0)
            cells.appendNull(zero: 0)
            state = .doubles(cells)
        case .bools(var cells):
            state = .empty(0)
            if cells.nulls == nil { cells.nulls = NullMask(count: cells.values.count) }
            cells.values.append(false)
            cells.nulls?.append(isNull: true)
            state = .bools(cells)
        case .strings(var builder):
            state = .empty(0)
            builder.appendNull()
            state = .strings(builder)
        case .values(var values):
            state = .empty(0)
            values.append(.null)
            state = .values(values)
        }
    }

    /// Adds an int; `text` is the text it was read with when that is not canonical.
    mutating func append(int: Int, text: String?) {
        if case .empty(let nulls) = state { state = .ints(.nulls(nulls)) }
        guard case .ints(var cells) = state else {
            return appendValue(Self.number(.int(int), text: text))
        }
        state = .empty(0)
        cells.values.append(int)
        cells.nulls?.append(isNull: false)
        if let text { cells.texts.append(text: text) } else { cells.texts.appendCanonical() }
        state = .ints(cells)
    }

    /// Adds a double; `text` is the text it was read with when that is not canonical.
    mutating func append(double: Double, text: String?) {
        if case .empty(let nulls) = state { state = .doubles(.nulls(nulls)) }
        guard case .doubles(var cells) = state else {
            return appendValue(Self.number(.double(double), text: text))
        }
        state = .empty(0)
        cells.values.append(double)
        cells.nulls?.append(isNull: false)
        if let text {
            if let digits = NumberSpelling.fractionDigits(ofPlain: text) {
                cells.texts.append(fractionDigits: digits)
            } else {
                cells.texts.append(text: text)
            }
        } else {
            cells.texts.appendCanonical()
        }
        state = .doubles(cells)
    }

    /// Adds a double read from a plain decimal with `fractionDigits` digits after its point
    /// that is not canonical (the reader checked both).
    mutating func append(double: Double, fractionDigits: Int) {
        if case .empty(let nulls) = state { state = .doubles(.nulls(nulls)) }
        guard case .doubles(var cells) = state else {
            return appendValue(
                Self.number(.double(double), text: NumberTexts.decimal(double, fractionDigits: fractionDigits)))
        }
        state = .empty(0)
        cells.values.append(double)
        cells.nulls?.append(isNull: false)
        cells.texts.append(fractionDigits: fractionDigits)
        state = .doubles(cells)
    }

    /// Adds a bool.
    mutating func append(bool: Bool) {
        if case .empty(let nulls) = state {
            state = .bools(BoolCells(values: [Bool](repeating: false, count: nulls), nulls: .allNull(nulls)))
        }
        guard case .bools(var cells) = state else { return appendValue(.bool(bool)) }
        state = .empty(0)
        cells.values.append(bool)
        cells.nulls?.append(isNull: false)
        state = .bools(cells)
    }

    /// Adds a string whose bytes are `range` of the source.
    mutating func append(sourceRange range: Range<Int>, isASCII: Bool) {
        if case .empty(let nulls) = state { state = .strings(Self.nullStrings(nulls, source: source)) }
        guard case .strings(var builder) = state, range.count <= StringCells.maximumLength else {
            return appendValue(.string(source.withUnsafeBufferPointer { String(decoding: $0[range], as: UTF8.self) }))
        }
        state = .empty(0)
        builder.append(sourceRange: range, isASCII: isASCII)
        state = .strings(builder)
    }

    /// Adds a string of `bytes` (copied).
    mutating func append(stringBytes bytes: UnsafeBufferPointer<UInt8>) {
        if case .empty(let nulls) = state { state = .strings(Self.nullStrings(nulls, source: source)) }
        guard case .strings(var builder) = state, bytes.count <= StringCells.maximumLength else {
            return appendValue(.string(String(decoding: bytes, as: UTF8.self)))
        }
        state = .empty(0)
        builder.append(bytes)
        state = .strings(builder)
    }

    /// Adds a value as a value, making the column a column of values.
    private mutating func appendValue(_ value: Value) {
        var values: [Value]
        if case .values(let existing) = state {
            values = existing
        } else {
            let cells = self.cells
            values = (0..<cells.count).map(cells.value(at:))
        }
        state = .empty(0)
        values.append(value)
        state = .values(values)
    }

    private static func number(_ number: Number, text: String?) -> Value {
        text.map { .exact(ExactNumber(number, text: $0)) } ?? Value(number)
    }

    private static func nullStrings(_ count: Int, source: [UInt8]) -> StringCells.Builder {
        var builder = StringCells.Builder(source: source)
        for _ in 0..<count { builder.appendNull() }
        return builder
    }
}

extension NumberCells where Number: ExpressibleByIntegerLiteral {
    /// `count` rows, all null.
    static func nulls(_ count: Int) -> NumberCells {
        NumberCells(
            values: [Number](repeating: 0, count: count), nulls: .allNull(count), texts: NumberTexts(canonicalRows: count))
    }

    /// Adds a null row (`zero` stands in its place).
    mutating func appendNull(zero: Number) {
        if nulls == nil { nulls = NullMask(count: values.count) }
        values.append(zero)
        nulls?.append(isNull: true)
        texts.appendCanonical()
    }
}

extension NullMask {
    /// A mask of `count` null rows, or nil for none.
    static func allNull(_ count: Int) -> NullMask? {
        guard count > 0 else { return nil }
        var mask = NullMask(count: 0)
        for _ in 0..<count { mask.append(isNull: true) }
        return mask
    }
}
