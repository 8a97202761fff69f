/// ISO 8601 dates and times as written, read without locales: the one date reader of the
/// project (`into date`, `--now`, `SHOP_NOW`, news and archive dates).
///
/// `YYYY-MM-DD`, optionally followed by `T` (or `t`, or a blank) and `HH:MM`, `:SS`, a
/// fraction of a second, and a zone: `Z` or `±HH`, `±HHMM`, `±HH:MM`.
enum ISODate {
    /// The fields `text` writes; an error when it is not ISO 8601 text or names no moment.
    static func fields(of text: String) throws(DateError) -> DateFields {
        var scanner = DateScanner(text)
        let notISO = DateError(text: text, reason: .notISO)
        guard let year = scanner.number(digits: 4), scanner.consume("-"), let month = scanner.number(digits: 2),
            scanner.consume("-"), let day = scanner.number(digits: 2)
        else { throw notISO }
        var fields = DateFields(year: year, month: month, day: day)
        if !scanner.isAtEnd {
            guard scanner.consume("T") || scanner.consume("t") || scanner.consume(" "),
                let hour = scanner.number(digits: 2), scanner.consume(":"), let minute = scanner.number(digits: 2)
            else { throw notISO }
            (fields.hour, fields.minute) = (hour, minute)
            if scanner.consume(":") {
                guard let second = scanner.number(digits: 2) else { throw notISO }
                fields.second = second
                if scanner.consume(".") || scanner.consume(",") {
                    guard let nanoseconds = scanner.nanoseconds() else { throw notISO }
                    fields.nanosecond = nanoseconds
                }
            }
            if !scanner.isAtEnd {
                guard let offset = scanner.zone(), scanner.isAtEnd else { throw notISO }
                fields.offsetMinutes = offset
            }
        }
        _ = try fields.dateTime(readFrom: text)
        return fields
    }
}
