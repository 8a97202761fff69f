/// Reads a number from its text — a CSV cell or a JSON number — and tells how it was written:
/// as shop writes its value (canonical), as a plain decimal whose digits ``NumberTexts`` keeps,
/// or otherwise (a text kept whole).
///
/// The grammar is JSON's: `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`. A decimal of at
/// most 15 digits with a power of ten up to 10²² is converted exactly as its digits over that
/// power (both are exact doubles, and one division rounds correctly); anything longer goes
/// through the standard library's conversion.
package enum NumberSpelling {
    /// A number read from text.
    package enum Reading: Equatable {
        /// A whole number, and whether its text is canonical (only `-0` is not).
        case int(Int, canonical: Bool)
        /// A number with a fraction or an exponent, and how its text is kept.
        case double(Double, Spelling)
        /// Digits past 64 bits, with no fraction or exponent.
        case integerTooLarge
    }

    /// How a double's text is kept.
    package enum Spelling: Equatable {
        /// As shop writes the value.
        case canonical
        /// A plain decimal with this many fraction digits.
        case fractionDigits(Int)
        /// Any other text (kept whole).
        case other
    }

    /// The number `bytes` spells, or nil when they are not one (or an infinite double).
    package static func read(_ bytes: UnsafeBufferPointer<UInt8>) -> Reading? {
        let count = bytes.count
        guard count > 0 else { return nil }
        var index = 0
        let negative = bytes[0] == UInt8(ascii: "-")
        if negative { index = 1 }
        let wholeStart = index
        var magnitude: UInt64 = 0
        var digits = 0
        while index < count, bytes[index] &- UInt8(ascii: "0") < 10 {
            if digits < 19 { magnitude = magnitude &* 10 &+ UInt64(bytes[index] &- UInt8(ascii: "0")) }
            digits += 1
            index += 1
        }
        let wholeDigits = index - wholeStart
        guard wholeDigits > 0, wholeDigits == 1 || bytes[wholeStart] != UInt8(ascii: "0") else { return nil }
        if index == count {
            if digits > 19 || (digits == 19 && magnitude > UInt64(Int.max) + (negative ? 1 : 0)) {
                return .integerTooLarge
            }
            if negative {
                return .int(magnitude == UInt64(Int.max) + 1 ? Int.min : -Int(magnitude), canonical: magnitude != 0)
            }
            return .int(Int(magnitude), canonical: true)
        }
        var fractionDigits = 0
        var lastFractionDigit = UInt8(0)
        var leadingFractionZeros = 0
        var fractionIsZero = true
        if bytes[index] == UInt8(ascii: ".") {
            index += 1
            let fractionStart = index
            while index < count, bytes[index] &- UInt8(ascii: "0") < 10 {
                if digits < 19 { magnitude = magnitude &* 10 &+ UInt64(bytes[index] &- UInt8(ascii: "0")) }
                if magnitude == 0 { leadingFractionZeros += 1 }
                digits += 1
                lastFractionDigit = bytes[index]
                fractionIsZero = fractionIsZero && lastFractionDigit == UInt8(ascii: "0")
                index += 1
            }
            fractionDigits = index - fractionStart
            guard fractionDigits > 0 else { return nil }
        }
        if index == count, digits <= 15, fractionDigits <= 22 {
            let unsigned = Double(magnitude) / NumberTexts.powersOfTen[fractionDigits]
            let value = negative ? -unsigned : unsigned
            return .double(
                value,
                plainSpelling(
                    value: value, fractionDigits: fractionDigits, fractionIsZero: fractionIsZero,
                    lastFractionDigit: lastFractionDigit,
                    integerIsZero: wholeDigits == 1 && bytes[wholeStart] == UInt8(ascii: "0"),
                    leadingFractionZeros: leadingFractionZeros))
        }
        if index < count {
            guard bytes[index] | 0x20 == UInt8(ascii: "e") else { return nil }
            index += 1
            if index < count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            let exponentStart = index
            while index < count, bytes[index] &- UInt8(ascii: "0") < 10 { index += 1 }
            guard index > exponentStart, index == count else { return nil }
        }
        let text = String(decoding: bytes, as: UTF8.self)
        guard let value = Double(text), value.isFinite else { return nil }
        return .double(value, Number.double(value).text == text ? .canonical : .other)
    }

    /// How a plain decimal of at most 15 digits is kept. Such a text is the shortest that
    /// reads back as its value (two decimals of 15 digits are never the same double), so it
    /// is canonical when it is what shop prints for those digits: no trailing zero in the
    /// fraction (but `5.0` for a whole number), not below 10⁻⁴ (printed with an exponent),
    /// and not `-0.0`.
    private static func plainSpelling(
        value: Double, fractionDigits: Int, fractionIsZero: Bool, lastFractionDigit: UInt8, integerIsZero: Bool,
        leadingFractionZeros: Int
    ) -> Spelling {
        if fractionIsZero {
            let canonical = fractionDigits == 1 && !(value == 0 && value.sign == .minus)
            return canonical ? .canonical : .fractionDigits(fractionDigits)
        }
        let canonical = lastFractionDigit != UInt8(ascii: "0") && !(integerIsZero && leadingFractionZeros >= 4)
        return canonical ? .canonical : .fractionDigits(fractionDigits)
    }

    /// What a cell that reads as a number is, without its value: an int (and whether a double
    /// would round it), a double, or nil when it is no number — exactly as ``read(_:)`` takes
    /// it, which it asks for anything but plain digits of at most 15.
    package enum Look {
        case int(wide: Bool)
        case double
    }

    package static func look(_ bytes: UnsafeBufferPointer<UInt8>) -> Look? {
        let count = bytes.count
        guard count > 0 else { return nil }
        var index = bytes[0] == UInt8(ascii: "-") ? 1 : 0
        let wholeStart = index
        while index < count, bytes[index] &- UInt8(ascii: "0") < 10 { index += 1 }
        let wholeDigits = index - wholeStart
        guard wholeDigits > 0, wholeDigits == 1 || bytes[wholeStart] != UInt8(ascii: "0") else { return nil }
        if wholeDigits <= 15 {
            if index == count { return .int(wide: false) }
            if bytes[index] == UInt8(ascii: ".") {
                index += 1
                let fractionStart = index
                while index < count, bytes[index] &- UInt8(ascii: "0") < 10 { index += 1 }
                if index == count { return index > fractionStart ? .double : nil }
            }
        }
        switch read(bytes) {
        case .int(let int, _)?: return .int(wide: int.magnitude > 1 << 53)
        case .double?: return .double
        case .integerTooLarge?, nil: return nil
        }
    }

    /// The fraction digits of `text` when it is a plain decimal that ``NumberTexts`` writes
    /// back from its value and that count; nil for any other text.
    package static func fractionDigits(ofPlain text: String) -> Int? {
        var text = text
        return text.withUTF8 { bytes in
            guard case .double(_, .fractionDigits(let digits))? = read(bytes) else { return nil }
            return digits
        }
    }
}
