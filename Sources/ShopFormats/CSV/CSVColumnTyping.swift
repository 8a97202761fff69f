import ShopValues

/// The one rule of CSV types, shared by every reader: how a cell looks, and what the cells of a
/// column together make it.
///
/// A column is ints when every non-empty unquoted cell is an int; doubles when they are all
/// numbers and one is not whole (and no whole one is past 2⁵³, which a double would round);
/// bools when they are all `true` or `false`; text when one is anything else — a number with
/// a leading zero (`007`) or `+`, an integer past 64 bits included. A quoted cell is always a
/// string: in a column of numbers or bools it makes the column one of values, each cell its
/// own. Empty unquoted cells are null and count for nothing.
enum CSVColumnTyping {
    /// What the cells of a column looked like, as bits.
    struct Traits: OptionSet, Sendable, Hashable {
        let rawValue: UInt8

        static let int = Traits(rawValue: 1)
        static let double = Traits(rawValue: 2)
        static let bool = Traits(rawValue: 4)
        static let text = Traits(rawValue: 8)
        static let quoted = Traits(rawValue: 16)
        /// An int that a double would round (past 2⁵³).
        static let wideInt = Traits(rawValue: 32)
    }

    /// The look of an unquoted, non-empty cell.
    static func traits(ofUnquoted cell: UnsafeBufferPointer<UInt8>) -> Traits {
        let first = cell[0]
        if first == UInt8(ascii: "-") || first &- UInt8(ascii: "0") < 10 {
            switch NumberSpelling.look(cell) {
            case .int(let wide)?: return wide ? [.int, .wideInt] : .int
            case .double?: return .double
            case nil: return .text
            }
        }
        if isBool(cell) { return .bool }
        return .text
    }

    /// Whether the cell is `true` or `false`.
    static func isBool(_ cell: UnsafeBufferPointer<UInt8>) -> Bool {
        switch cell.count {
        case 4:
            cell[0] == UInt8(ascii: "t") && cell[1] == UInt8(ascii: "r") && cell[2] == UInt8(ascii: "u")
                && cell[3] == UInt8(ascii: "e")
        case 5:
            cell[0] == UInt8(ascii: "f") && cell[1] == UInt8(ascii: "a") && cell[2] == UInt8(ascii: "l")
                && cell[3] == UInt8(ascii: "s") && cell[4] == UInt8(ascii: "e")
        default: false
        }
    }

    /// The kind of a column whose cells had `traits`.
    static func kind(of traits: Traits, infersTypes: Bool) -> ColumnKind {
        guard infersTypes, !traits.contains(.text) else { return .string }
        let typed = traits.subtracting([.quoted, .wideInt])
        let kind: ColumnKind
        switch typed {
        case []: return .string
        case .int: kind = .int
        case .double, [.int, .double]: kind = traits.contains(.wideInt) ? .values : .double
        case .bool: kind = .bool
        default: return .string
        }
        return traits.contains(.quoted) ? .values : kind
    }
}

extension CSVColumnTyping {
    /// The value of a cell in a column of `kind`: `text` is its text, quotes resolved.
    static func value(of text: UnsafeBufferPointer<UInt8>, isQuoted: Bool, kind: ColumnKind) -> Value {
        if isQuoted { return .string(String(decoding: text, as: UTF8.self)) }
        guard !text.isEmpty else { return .null }
        switch kind {
        case .string:
            return .string(String(decoding: text, as: UTF8.self))
        case .bool:
            return .bool(text[0] == UInt8(ascii: "t"))
        case .int, .double, .values:
            switch NumberSpelling.read(text) {
            case .int(let int, let canonical)?:
                if kind == .double { return wholeNumberInDoubleColumn(int, text: text) }
                return canonical
                    ? .int(int) : .exact(ExactNumber(.int(int), text: String(decoding: text, as: UTF8.self)))
            case .double(let double, let spelling)?:
                if spelling == .canonical { return .double(double) }
                return .exact(ExactNumber(.double(double), text: String(decoding: text, as: UTF8.self)))
            case .integerTooLarge?, nil:
                if isBool(text) { return .bool(text[0] == UInt8(ascii: "t")) }
                return .string(String(decoding: text, as: UTF8.self))
            }
        }
    }

    /// A whole number written without a point in a column of doubles: the double, keeping its
    /// text (`100`, `-0`).
    static func wholeNumberInDoubleColumn(_ int: Int, text: UnsafeBufferPointer<UInt8>) -> Value {
        .exact(
            ExactNumber(
                .double(wholeDouble(int, negative: text[0] == UInt8(ascii: "-"))),
                text: String(decoding: text, as: UTF8.self)))
    }

    /// `int` as a double, `-0` keeping its sign.
    @inline(__always) static func wholeDouble(_ int: Int, negative: Bool) -> Double {
        int == 0 && negative ? -0.0 : Double(int)
    }
}

/// The field names of a CSV file: the header's cells (an empty one named by its place,
/// `column3`), then `columnN` for the cells of rows longer than the header.
enum CSVHeader {
    /// A name used twice in the header: which, and its cells (from 1).
    struct Repeated: Error, Equatable {
        var name: String
        var firstCell: Int
        var cell: Int
    }

    /// The names for `width` fields from the header's `cells` (none without a header).
    static func names(_ cells: [[UInt8]], width: Int) -> Result<[String], Repeated> {
        var names: [String] = []
        var seen: [String: Int] = [:]
        for (index, cell) in cells.enumerated() {
            let name = cell.isEmpty ? "column\(index + 1)" : String(decoding: cell, as: UTF8.self)
            if let first = seen[name] { return .failure(Repeated(name: name, firstCell: first + 1, cell: index + 1)) }
            seen[name] = index
            names.append(name)
        }
        while names.count < width {
            var name = "column\(names.count + 1)"
            while seen[name] != nil { name += "_" }
            seen[name] = names.count
            names.append(name)
        }
        return .success(names)
    }
}
