/// Prices in whole roubles: reading them from text such as `"1 500 ₽"` and writing them as
/// `1 500 ₽`.
enum Price {
    /// Why a price text could not be read.
    enum Problem: Error, Equatable {
        /// The text has no digits at all.
        case noDigits
        /// The number does not fit in an integer.
        case tooLarge
        /// A minus sign comes right before the number.
        case negative
    }

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

    /// The first number in a price text, in whole roubles: `"356 ₽"` → 356, `"1 500 ₽"` and
    /// `"1,500 руб."` → 1500, `"от 990 ₽"` → 990, `"99,90 ₽"` → 100 (kopecks round to the
    /// nearest rouble).
    ///
    /// Digit groups may be separated by a space, a no-break or thin space, an apostrophe, or a
    /// comma or dot followed by exactly three digits; a comma or dot followed by one or two
    /// digits starts kopecks.
    static func parse(_ text: String) throws(Problem) -> Int {
        let scalars = Array(text.unicodeScalars)
        guard let start = scalars.firstIndex(where: isDigit) else { throw .noDigits }
        if start > 0, scalars[start - 1] == "-" || scalars[start - 1] == "\u{2212}" { throw .negative }
        var roubles = 0
        var kopecks: (value: Int, digits: Int)?
        var index = start
        while index < scalars.count {
            let scalar = scalars[index]
            if isDigit(scalar) {
                let (times, overflowed) = roubles.multipliedReportingOverflow(by: 10)
                let (sum, overflowedSum) = times.addingReportingOverflow(Int(scalar.value) - 48)
                guard !overflowed, !overflowedSum else { throw .tooLarge }
                roubles = sum
                index += 1
                continue
            }
            let digitsAfter = scalars[(index + 1)...].prefix(while: isDigit).count
            if isGroupSeparator(scalar), digitsAfter > 0, scalar != "," && scalar != "." || digitsAfter == 3 {
                index += 1
                continue
            }
            if scalar == "," || scalar == ".", digitsAfter == 1 || digitsAfter == 2 {
                let digits = scalars[(index + 1)...].prefix(digitsAfter)
                kopecks = (digits.reduce(0) { $0 * 10 + Int($1.value) - 48 }, digitsAfter)
            }
            break
        }
        if let kopecks {
            let hundredths = kopecks.digits == 1 ? kopecks.value * 10 : kopecks.value
            if hundredths >= 50 {
                let (rounded, overflowed) = roubles.addingReportingOverflow(1)
                guard !overflowed else { throw .tooLarge }
                roubles = rounded
            }
        }
        return roubles
    }

    private static func isDigit(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value >= 0x30 && scalar.value <= 0x39
    }

    /// Space, no-break space, figure space, thin and narrow no-break space, apostrophes, comma, dot.
    private static func isGroupSeparator(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x20, 0xA0, 0x2007, 0x2009, 0x202F, 0x27, 0x2019, 0x2C, 0x2E: true
        default: false
        }
    }
}
