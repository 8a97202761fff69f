/// Prices in whole roubles: reading them from text such as `"1 500 ₽"` and writing them as
/// `1 500 ₽`.
enum Price {
    /// Why a price text could not be read.
    enum Problem: Error, Equatable {
        /// The text has no digits at all.
        case noDigits
        /// The number is more than ``range`` allows.
        case tooLarge
        /// A minus sign comes before the number.
        case negative
        /// Digits, but not written as a price.
        case notAPrice
    }

    /// Every price a catalog may hold, in whole roubles: up to a trillion, so that no total of
    /// a catalog's prices can overflow.
    static let range = 0...1_000_000_000_000

    /// `1 500 ₽`: digits in groups of three separated by spaces, then the rouble sign.
    static func format(_ roubles: Int) -> String {
        grouped(roubles) + " ₽"
    }

    /// `1 500`: digits in groups of three separated by spaces.
    static func grouped(_ number: Int) -> String {
        let digits = String(number.magnitude)
        var text = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { text.append(" ") }
            text.append(digit)
        }
        return number < 0 ? "-" + text : text
    }

    /// A price text in whole roubles: `"356 ₽"` → 356, `"1 500 ₽"` → 1500, `"12 000 руб."`,
    /// `"990 р."`, `"1500"`.
    ///
    /// The text is digits — without a leading zero, and either not grouped or in groups of three
    /// separated by a space, a no-break space or a narrow no-break space — then maybe one such
    /// space and `₽`, `руб.` or `р.`; nothing before or after. Anything else (kopecks, an
    /// exponent, a range, a word before the number) is refused rather than guessed at.
    static func parse(_ text: String) throws(Problem) -> Int {
        let scalars = Array(text.unicodeScalars)
        guard scalars.contains(where: isDigit) else { throw .noDigits }
        if let first = scalars.first, first == "-" || first == "\u{2212}" {
            var rest = scalars.dropFirst()
            if let space = rest.first, isGroupSeparator(space) { rest = rest.dropFirst() }
            if (try? parse(String(String.UnicodeScalarView(rest)))) != nil { throw .negative }
            throw .notAPrice
        }
        var index = 0
        var roubles = 0
        var isTooLarge = false
        /// Reads `count` digits (or, with nil, all there are) from `index`; how many it read.
        func readDigits(_ count: Int?) -> Int {
            var read = 0
            while index < scalars.count, isDigit(scalars[index]), count.map({ read < $0 }) ?? true {
                roubles = roubles * 10 + Int(scalars[index].value) - 48
                if roubles > range.upperBound {
                    isTooLarge = true
                    roubles = range.upperBound
                }
                index += 1
                read += 1
            }
            return read
        }
        let leading = readDigits(nil)
        guard leading > 0, leading == 1 || scalars[0] != "0" else { throw .notAPrice }
        // Groups of three after a first group of one to three digits.
        while index + 3 < scalars.count, isGroupSeparator(scalars[index]), isDigit(scalars[index + 1]) {
            guard leading <= 3, scalars[0] != "0" else { throw .notAPrice }
            index += 1
            guard readDigits(3) == 3, index == scalars.count || !isDigit(scalars[index]) else { throw .notAPrice }
        }
        if index < scalars.count, isGroupSeparator(scalars[index]) { index += 1 }
        let unit = String(String.UnicodeScalarView(scalars[index...]))
        guard unit.isEmpty && index == scalars.count || Self.units.contains(unit) else { throw .notAPrice }
        if isTooLarge { throw .tooLarge }
        return roubles
    }

    /// The words for roubles a price text may end with.
    private static let units: Set<String> = ["₽", "руб.", "р."]

    private static func isDigit(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value >= 0x30 && scalar.value <= 0x39
    }

    /// Space, no-break space and narrow no-break space: what separates groups of digits.
    private static func isGroupSeparator(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || scalar == "\u{00A0}" || scalar == "\u{202F}"
    }
}
