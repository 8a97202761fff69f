import ShopPluginAPI

/// The conversions of `into`: one value to an int, a number, text or a date, or a refusal
/// saying why not (null never reaches them: it stays null).
enum ValueConversion {
    typealias Refusal = ItemConversion.Refusal

    /// A whole number: text that spells one (blanks around it ignored, `007` is 7), a number
    /// without its fraction, a bool as 1 or 0, a date's seconds since 1970, a duration's
    /// whole seconds.
    static func int(_ value: Value) throws(Refusal) -> Value {
        switch value {
        case .string(let text):
            let trimmed = text.trimmingBlanks
            guard let int = wholeNumber(trimmed) else {
                let reason =
                    decimal(trimmed) != nil
                    ? "\(value.quoted) is not a whole number (into float reads it)"
                    : "\(value.quoted) is not a whole number"
                throw Refusal(reason: reason)
            }
            return .int(int)
        case .bool(let bool): return .int(bool ? 1 : 0)
        case .date(let date): return .int(date.seconds)
        case .duration(let duration): return .int(Int(duration.components.seconds))
        default:
            switch value.number {
            case .int(let int)?: return .int(int)
            case .double(let double)?:
                let whole = double.rounded(.towardZero)
                guard let int = Int(exactly: whole) else {
                    throw Refusal(reason: "\(value.quoted) does not fit in a 64-bit int")
                }
                return .int(int)
            case nil: throw Refusal(reason: "\(value.describedType) cannot be an int")
            }
        }
    }

    /// A number: text that spells one (kept with its text: `1.50` stays `1.50`), a number as
    /// it is, a bool as 1.0 or 0.0, a date's seconds since 1970, a duration's seconds.
    static func float(_ value: Value) throws(Refusal) -> Value {
        switch value {
        case .string(let text):
            let trimmed = text.trimmingBlanks
            guard let double = decimal(trimmed) else { throw Refusal(reason: "\(value.quoted) is not a number") }
            if let int = wholeNumber(trimmed) { return .double(Double(int)) }
            return ExactNumber.value(.double(double), readFrom: trimmed)
        case .bool(let bool): return .double(bool ? 1 : 0)
        case .date(let date): return .double(date.secondsSince1970)
        case .duration(let duration): return .double(duration.secondsNumber.doubleValue)
        default:
            switch value.number {
            case .int(let int)?: return .double(Double(int))
            case .double?: return value
            case nil: throw Refusal(reason: "\(value.describedType) cannot be a number")
            }
        }
    }

    /// Text: a string as it is, a date as ISO 8601 (or laid out by `format`), anything else as
    /// `echo` writes it.
    static func string(_ value: Value, format: DateFormat?) -> Value {
        switch value {
        case .string: value
        case .date(let date): .string(format?.write(date) ?? date.text)
        default: .string(value.plainText)
        }
    }

    /// A date: text read as ISO 8601, or by `format`; a number as seconds since 1970 (UTC).
    static func date(_ value: Value, format: DateFormat?) throws(Refusal) -> Value {
        do {
            switch value {
            case .date: return value
            case .string(let text):
                let trimmed = text.trimmingBlanks
                return .date(try format?.read(trimmed) ?? DateTime(iso: trimmed))
            default:
                guard let seconds = value.number else {
                    throw Refusal(reason: "\(value.describedType) cannot be a date")
                }
                switch seconds {
                case .int(let int): return .date(try DateTime(seconds: int, text: value.plainText))
                case .double(let double):
                    guard double.isFinite, abs(double) < 1e15 else {
                        throw Refusal(reason: "\(value.quoted) seconds since 1970 is no date shop can hold")
                    }
                    let whole = double.rounded(.down)
                    return .date(
                        try DateTime(
                            seconds: Int(whole), nanoseconds: Int(((double - whole) * 1e9).rounded()),
                            text: value.plainText))
                }
            }
        } catch let error as DateError {
            throw Refusal(reason: error.description)
        } catch let refusal as Refusal {
            throw refusal
        } catch {
            throw Refusal(reason: "\(error)")
        }
    }

    /// `[+-]?digits` as an int; nil for anything else, or past 64 bits.
    private static func wholeNumber(_ text: String) -> Int? {
        var digits = Substring(text)
        let negative = digits.first == "-"
        if digits.first == "-" || digits.first == "+" { digits = digits.dropFirst() }
        guard !digits.isEmpty, digits.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else {
            return nil
        }
        return Int(negative ? "-" + digits : digits)
    }

    /// Text that spells a finite decimal number (`1.5`, `-2e3`, `+7`), as a double; nil otherwise.
    private static func decimal(_ text: String) -> Double? {
        guard !text.isEmpty,
            text.utf8.allSatisfy({ byte in
                (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: ".")
                    || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") || byte == UInt8(ascii: "+")
                    || byte == UInt8(ascii: "-")
            }),
            let double = Double(text), double.isFinite
        else { return nil }
        return double
    }
}
