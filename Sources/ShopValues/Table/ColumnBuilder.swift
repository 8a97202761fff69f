/// Makes a column a row at a time, choosing its kind from what it is given: ints while every
/// value is an int, and so on for doubles, bools and strings (nulls fit any kind); a column of
/// several types is a column of values.
///
/// Each kind's storage is a property of its own, so that an append changes one array in place
/// (an enum holding the arrays would copy them out and back, a retain and a release each).
package struct ColumnBuilder: Sendable {
    private enum Kind {
        /// Only nulls so far.
        case empty
        case ints, doubles, bools, strings, values
    }

    private var kind: Kind
    /// How many rows there are.
    private(set) var count = 0
    private var ints: [Int] = []
    private var doubles: [Double] = []
    private var bools: [Bool] = []
    private var strings: StringCells.Builder
    private var values: [Value] = []
    /// The nulls of an int, double or bool column (strings keep their own).
    private var nulls: NullMask?
    /// The texts of an int or double column.
    private var texts = NumberTexts()

    /// A builder whose strings may be spans of `source`, choosing its kind as values come.
    package init(source: [UInt8]) {
        kind = .empty
        strings = StringCells.Builder(source: source)
    }

    /// A builder of a column of `kind` (a null-only column keeps it); values of another kind
    /// still make it a column of values.
    package init(source: [UInt8], kind: ColumnKind) {
        strings = StringCells.Builder(source: source)
        switch kind {
        case .int: self.kind = .ints
        case .double: self.kind = .doubles
        case .bool: self.kind = .bools
        case .string: self.kind = .strings
        case .values: self.kind = .values
        }
    }

    /// Reserves room for `count` rows.
    package mutating func reserveCapacity(_ count: Int) {
        switch kind {
        case .ints: ints.reserveCapacity(count)
        case .doubles: doubles.reserveCapacity(count)
        case .bools: bools.reserveCapacity(count)
        case .strings: strings.reserveCapacity(count)
        case .values: values.reserveCapacity(count)
        case .empty: break
        }
    }

    /// The cells; a column of nulls only is a column of values.
    var cells: ColumnCells {
        switch kind {
        case .empty: .values([Value](repeating: .null, count: count))
        case .ints: .ints(NumberCells(values: ints, nulls: nulls, texts: texts))
        case .doubles: .doubles(NumberCells(values: doubles, nulls: nulls, texts: texts))
        case .bools: .bools(BoolCells(values: bools, nulls: nulls))
        case .strings: .strings(strings.cells)
        case .values: .values(values)
        }
    }

    /// Adds any value.
    package mutating func append(_ value: Value) {
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
            if start(.strings), strings.append(string) {
                count += 1
            } else {
                appendValue(value)
            }
        default: appendValue(value)
        }
    }

    /// Adds a null.
    package mutating func appendNull() {
        switch kind {
        case .empty: break
        case .ints:
            ints.append(0)
            appendNumberNull()
        case .doubles:
            doubles.append(0)
            appendNumberNull()
        case .bools:
            bools.append(false)
            if nulls == nil { nulls = NullMask(count: count) }
            nulls?.append(isNull: true)
        case .strings: strings.appendNull()
        case .values: values.append(.null)
        }
        count += 1
    }

    private mutating func appendNumberNull() {
        if nulls == nil { nulls = NullMask(count: count) }
        nulls?.append(isNull: true)
        texts.appendCanonical()
    }

    /// Adds an int; `text` is the text it was read with when that is not canonical.
    package mutating func append(int: Int, text: String?) {
        guard start(.ints) else { return appendValue(Self.number(.int(int), text: text)) }
        ints.append(int)
        nulls?.append(isNull: false)
        if let text { texts.append(text: text) } else { texts.appendCanonical() }
        count += 1
    }

    /// Adds a double; `text` is the text it was read with when that is not canonical.
    package mutating func append(double: Double, text: String?) {
        guard start(.doubles) else { return appendValue(Self.number(.double(double), text: text)) }
        doubles.append(double)
        nulls?.append(isNull: false)
        if let text {
            if let digits = NumberSpelling.fractionDigits(ofPlain: text) {
                texts.append(fractionDigits: digits)
            } else {
                texts.append(text: text)
            }
        } else {
            texts.appendCanonical()
        }
        count += 1
    }

    /// Adds a double read from a plain decimal with `fractionDigits` digits after its point
    /// that is not canonical (the reader checked both).
    package mutating func append(double: Double, fractionDigits: Int) {
        guard start(.doubles) else {
            return appendValue(
                Self.number(.double(double), text: NumberTexts.decimal(double, fractionDigits: fractionDigits)))
        }
        doubles.append(double)
        nulls?.append(isNull: false)
        texts.append(fractionDigits: fractionDigits)
        count += 1
    }

    /// Adds a bool.
    package mutating func append(bool: Bool) {
        guard start(.bools) else { return appendValue(.bool(bool)) }
        bools.append(bool)
        nulls?.append(isNull: false)
        count += 1
    }

    /// Adds a string whose bytes are `range` of the source.
    package mutating func append(sourceRange range: Range<Int>, isASCII: Bool) {
        guard start(.strings), strings.append(sourceRange: range, isASCII: isASCII) else {
            return appendValue(.string(strings.sourceString(range)))
        }
        count += 1
    }

    /// Adds a string of `bytes` (copied).
    package mutating func append(stringBytes bytes: UnsafeBufferPointer<UInt8>) {
        guard start(.strings), strings.append(bytes) else {
            return appendValue(.string(String(decoding: bytes, as: UTF8.self)))
        }
        count += 1
    }

    /// Whether the column is of `wanted` kind, making it so when it held only nulls.
    @inline(__always) private mutating func start(_ wanted: Kind) -> Bool {
        if kind == wanted { return true }
        guard kind == .empty else { return false }
        kind = wanted
        switch wanted {
        case .ints:
            ints = [Int](repeating: 0, count: count)
            startNumberNulls()
        case .doubles:
            doubles = [Double](repeating: 0, count: count)
            startNumberNulls()
        case .bools:
            bools = [Bool](repeating: false, count: count)
            nulls = .allNull(count)
        case .strings:
            for _ in 0..<count { strings.appendNull() }
        case .values, .empty:
            values = [Value](repeating: .null, count: count)
        }
        return true
    }

    private mutating func startNumberNulls() {
        nulls = .allNull(count)
        texts = NumberTexts(canonicalRows: count)
    }

    /// Adds a value as a value, making the column a column of values.
    private mutating func appendValue(_ value: Value) {
        if kind != .values {
            let cells = self.cells
            values = (0..<cells.count).map(cells.value(at:))
            (ints, doubles, bools, nulls, texts) = ([], [], [], nil, NumberTexts())
            strings = StringCells.Builder(source: strings.cells.source)
            kind = .values
        }
        values.append(value)
        count += 1
    }

    private static func number(_ number: Number, text: String?) -> Value {
        text.map { .exact(ExactNumber(number, text: $0)) } ?? Value(number)
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
