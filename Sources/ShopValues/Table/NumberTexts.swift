/// How the numbers of a column were written, for the few that were not written as shop writes
/// them (`4.10`, `-0`, `1e5`): the exact-number rule keeps such a text, and a column keeps it
/// here instead of a string per row.
///
/// A plain decimal (`-?digits(.digits)?` of at most 15 digits) is kept as its count of
/// fraction digits, one byte a row, from which ``text(at:of:)`` writes it back exactly; any
/// other text is kept whole in ``others``. A column whose every text is canonical keeps
/// nothing.
struct NumberTexts: Sendable, Equatable {
    /// Per row, the fraction digits of a plain decimal, or ``canonical`` or ``other``; nil while
    /// no row has kept a decimal's digits.
    private(set) var digits: [UInt8]?
    /// The whole texts of the rows marked ``other`` (of every non-canonical row while
    /// ``digits`` is nil).
    private(set) var others: [Int: String] = [:]
    /// How many rows are covered.
    private(set) var count = 0

    /// A row whose text is how shop writes its number.
    static let canonical: UInt8 = 255
    /// A row whose text is in ``others``.
    static let other: UInt8 = 254

    /// No rows yet.
    init() {}

    /// `count` rows, all canonical.
    init(canonicalRows count: Int) {
        self.count = count
    }

    /// Whether every row is canonical.
    var isCanonical: Bool { digits == nil && others.isEmpty }

    /// Adds a row whose text is canonical.
    mutating func appendCanonical() {
        digits?.append(Self.canonical)
        count += 1
    }

    /// Adds a row written as a plain decimal with `fractionDigits` digits after the point (0
    /// for none) that is not canonical.
    mutating func append(fractionDigits: Int) {
        precondition(fractionDigits >= 0 && fractionDigits < Int(Self.other), "too many fraction digits")
        if digits == nil { digits = [UInt8](repeating: Self.canonical, count: count) }
        digits?.append(UInt8(fractionDigits))
        count += 1
    }

    /// Adds a row with any other text that is not canonical.
    mutating func append(text: String) {
        others[count] = text
        digits?.append(Self.other)
        count += 1
    }

    /// The text row `row` was written with, or nil when it is the canonical one. `value` is
    /// the row's number (as a double: only decimals keep digits).
    func text(at row: Int, value: @autoclosure () -> Double) -> String? {
        guard let digits else { return others.isEmpty ? nil : others[row] }
        switch digits[row] {
        case Self.canonical: return nil
        case Self.other: return others[row]
        case let fractionDigits: return Self.decimal(value(), fractionDigits: Int(fractionDigits))
        }
    }

    /// `value` written with `fractionDigits` digits after the point (none and no point for 0):
    /// exact for a value read from a plain decimal of at most 15 digits, which is within half
    /// a unit of its last digit of the double times that power of ten.
    static func decimal(_ value: Double, fractionDigits: Int) -> String {
        let scaled = (value.magnitude * Self.powersOfTen[fractionDigits]).rounded()
        var digits = Array(String(UInt64(scaled)).utf8)
        if digits.count <= fractionDigits {
            digits.insert(contentsOf: repeatElement(UInt8(ascii: "0"), count: fractionDigits + 1 - digits.count), at: 0)
        }
        if fractionDigits > 0 { digits.insert(UInt8(ascii: "."), at: digits.count - fractionDigits) }
        if value.sign == .minus { digits.insert(UInt8(ascii: "-"), at: 0) }
        return String(decoding: digits, as: UTF8.self)
    }

    /// 10⁰ … 10²², each exact as a double.
    static let powersOfTen: [Double] = (0...22).map { exponent in
        (0..<exponent).reduce(1.0) { product, _ in product * 10 }
    }

    /// The texts of the rows `rows` names, in that order.
    func gathering(_ rows: some Collection<Int>) -> NumberTexts {
        guard !isCanonical else { return NumberTexts(canonicalRows: rows.count) }
        var gathered = NumberTexts()
        if let digits { gathered.digits = rows.map { digits[$0] } }
        for (position, row) in rows.enumerated() {
            if let text = others[row] { gathered.others[position] = text }
        }
        gathered.count = rows.count
        return gathered
    }

    /// The texts of parts one after the other.
    static func joined(_ parts: [NumberTexts]) -> NumberTexts {
        guard parts.contains(where: { !$0.isCanonical }) else {
            return NumberTexts(canonicalRows: parts.reduce(0) { $0 + $1.count })
        }
        var joined = NumberTexts()
        if parts.contains(where: { $0.digits != nil }) { joined.digits = [] }
        for part in parts {
            if joined.digits != nil {
                joined.digits?.append(contentsOf: part.digits ?? part.markedRows())
            }
            for (row, text) in part.others { joined.others[joined.count + row] = text }
            joined.count += part.count
        }
        return joined
    }

    /// One byte a row for a part kept without digits: canonical, or other where it has a text.
    private func markedRows() -> [UInt8] {
        var marks = [UInt8](repeating: Self.canonical, count: count)
        for row in others.keys { marks[row] = Self.other }
        return marks
    }
}
