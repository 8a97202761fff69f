import ShopValues

/// A strftime layout (`%d/%m/%Y %H:%M`), read and written without locales: names are
/// English, weeks start on Monday, zones are offsets.
///
/// glibc's `strptime` is not used: it reads names in the process's locale, accepts
/// `2026-02-30` (a day up to 31 in any month) and leaves it to `timegm` to roll into March,
/// and says only that reading failed, not where; this reader checks every field and names the
/// place that does not fit.
///
/// Directives: `%Y` year (4 digits), `%y` (2 digits: 69–99 are 19xx, else 20xx), `%m` month,
/// `%d` day, `%e` day (space-padded), `%j` day of the year, `%H` hour, `%I` hour of 12 with
/// `%p` (AM/PM), `%M` minute, `%S` second, `%f` fraction of a second (1–9 digits), `%z`
/// offset (`Z`, `+03:00`, `+0300`), `%Z` `UTC`/`GMT`, `%b`/`%h` and `%B` month names, `%a`
/// and `%A` weekday names (checked against the date), `%s` seconds since 1970, `%F`
/// (`%Y-%m-%d`), `%T` (`%H:%M:%S`), `%R` (`%H:%M`), `%D` (`%m/%d/%y`), `%n`/`%t` and blanks
/// (any blanks), `%%`. A year takes 4 digits; other numbers take up to their width.
///
/// ```swift
/// let format = try DateFormat("%d/%m/%Y")
/// try format.read("15/01/2026")          // 2026-01-15
/// format.write(date)                      // "15/01/2026"
/// ```
public struct DateFormat: Sendable, Equatable {
    /// The layout as given.
    public let text: String
    private let pieces: [Piece]

    private enum Piece: Equatable {
        case literal(UInt8)
        case blanks
        case directive(UInt8)
    }

    private static let monthNames = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November",
        "December",
    ]
    private static let weekdayNames = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
    private static let directives = Array("YymdejHIMSfzZbhBaApsn t%".utf8)
    private static let expansions: [UInt8: String] = [
        UInt8(ascii: "F"): "%Y-%m-%d", UInt8(ascii: "T"): "%H:%M:%S", UInt8(ascii: "R"): "%H:%M",
        UInt8(ascii: "D"): "%m/%d/%y",
    ]

    /// The layout `text`; an error for a directive it does not know, or a layout that reads no
    /// year.
    public init(_ text: String) throws(DateError) {
        self.text = text
        pieces = try Self.pieces(of: text, format: text)
        let readsYear = pieces.contains { piece in
            [.directive(UInt8(ascii: "Y")), .directive(UInt8(ascii: "y")), .directive(UInt8(ascii: "s"))].contains(
                piece)
        }
        guard readsYear else {
            throw DateError(text: text, reason: .badFormat(format: text, problem: "reads no year (use %Y, %y or %s)"))
        }
    }

    private static func pieces(of text: String, format: String) throws(DateError) -> [Piece] {
        var pieces: [Piece] = []
        var bytes = Array(text.utf8)[...]
        while let byte = bytes.popFirst() {
            guard byte == UInt8(ascii: "%") else {
                pieces.append(byte == 0x20 || byte == 0x09 || byte == 0x0A ? .blanks : .literal(byte))
                continue
            }
            guard let directive = bytes.popFirst() else {
                throw DateError(text: format, reason: .badFormat(format: format, problem: "ends with a lone '%'"))
            }
            if let expansion = expansions[directive] {
                pieces += try Self.pieces(of: expansion, format: format)
            } else if directive == UInt8(ascii: "n") || directive == UInt8(ascii: "t") {
                pieces.append(.blanks)
            } else if directive == UInt8(ascii: "%") {
                pieces.append(.literal(directive))
            } else if directives.contains(directive) {
                pieces.append(.directive(directive))
            } else {
                let shown = String(decoding: [UInt8(ascii: "%"), directive], as: UTF8.self)
                throw DateError(
                    text: format,
                    reason: .badFormat(format: format, problem: "has '\(shown)', which shop does not read"))
            }
        }
        return pieces
    }

    // MARK: Reading

    /// The date `text` writes in this layout; an error naming the place that does not fit, or
    /// the field out of range.
    public func read(_ text: String) throws(DateError) -> DateTime {
        var scanner = DateScanner(text)
        var fields = DateFields(year: 1970, month: 1, day: 1)
        var dayOfYear: Int?
        var afternoon: Bool?
        var weekday: Int?
        var epochSeconds: Int?
        func fail(_ expected: String) -> DateError {
            DateError(text: text, reason: .doesNotFit(format: self.text, expected: expected, at: scanner.rest))
        }
        func number(_ most: Int, _ name: String) throws(DateError) -> Int {
            guard let value = scanner.number(atMost: most) else { throw fail(name) }
            return value
        }
        for piece in pieces {
            switch piece {
            case .literal(let byte):
                guard scanner.next == byte else { throw fail("'\(String(decoding: [byte], as: UTF8.self))'") }
                _ = scanner.consume(Unicode.Scalar(byte))
            case .blanks:
                scanner.skipBlanks()
            case .directive(let directive):
                switch Unicode.Scalar(directive) {
                case "Y":
                    guard let year = scanner.number(digits: 4) else { throw fail("a year of 4 digits") }
                    fields.year = year
                case "y":
                    let year = try number(2, "a year of 2 digits")
                    fields.year = year < 69 ? 2000 + year : 1900 + year
                case "m": fields.month = try number(2, "a month")
                case "d": fields.day = try number(2, "a day")
                case "e":
                    _ = scanner.consume(" ")
                    fields.day = try number(2, "a day")
                case "j": dayOfYear = try number(3, "a day of the year")
                case "H", "I": fields.hour = try number(2, "an hour")
                case "M": fields.minute = try number(2, "a minute")
                case "S": fields.second = try number(2, "a second")
                case "f":
                    guard let nanoseconds = scanner.nanoseconds() else { throw fail("a fraction of a second") }
                    fields.nanosecond = nanoseconds
                case "z":
                    guard let offset = scanner.zone() else { throw fail("an offset such as +03:00 or Z") }
                    fields.offsetMinutes = offset
                case "Z":
                    guard scanner.name(in: ["UTC", "GMT", "Z"]) != nil else { throw fail("UTC or GMT") }
                    fields.offsetMinutes = 0
                case "b", "h", "B":
                    let index =
                        scanner.name(in: Self.monthNames)
                        ?? scanner.name(in: Self.monthNames.map { String($0.prefix(3)) })
                    guard let index else { throw fail("the name of a month") }
                    fields.month = index + 1
                case "a", "A":
                    let index =
                        scanner.name(in: Self.weekdayNames)
                        ?? scanner.name(in: Self.weekdayNames.map { String($0.prefix(3)) })
                    guard let index else { throw fail("the name of a weekday") }
                    weekday = index + 1
                case "p":
                    guard let index = scanner.name(in: ["AM", "PM"]) else { throw fail("AM or PM") }
                    afternoon = index == 1
                case "s":
                    let negative = scanner.consume("-")
                    let seconds = try number(18, "seconds since 1970")
                    epochSeconds = negative ? -seconds : seconds
                default: break
                }
            }
        }
        guard scanner.isAtEnd else { throw fail("the end of the text") }
        if let epochSeconds {
            return try DateTime(seconds: epochSeconds, offsetMinutes: fields.offsetMinutes, text: text)
        }
        if let afternoon {
            guard (1...12).contains(fields.hour) else {
                throw DateError(text: text, reason: .outOfRange(field: "hour", value: fields.hour, range: 1...12))
            }
            fields.hour = fields.hour % 12 + (afternoon ? 12 : 0)
        }
        if let dayOfYear {
            let days = CalendarDate.dayCount(month: 2, year: fields.year) == 29 ? 366 : 365
            guard (1...days).contains(dayOfYear) else {
                throw DateError(
                    text: text, reason: .outOfRange(field: "day of the year", value: dayOfYear, range: 1...days))
            }
            let date = CalendarDate(
                daysSince1970: CalendarDate(year: fields.year, month: 1, day: 1).daysSince1970 + dayOfYear - 1)
            (fields.month, fields.day) = (date.month, date.day)
        }
        let date = try fields.dateTime(readFrom: text)
        if let weekday, date.fields.date.isoWeekday != weekday {
            throw DateError(
                text: text,
                reason: .wrongWeekday(
                    date: fields.date.text, is: Self.weekdayNames[date.fields.date.isoWeekday - 1],
                    written: Self.weekdayNames[weekday - 1]))
        }
        return date
    }

    // MARK: Writing

    /// `date` written in this layout, on the clock of its own offset.
    public func write(_ date: DateTime) -> String {
        let fields = date.fields
        var text = ""
        func padded(_ value: Int, _ width: Int, pad: Character = "0") -> String {
            let digits = String(value)
            return String(repeating: pad, count: max(0, width - digits.count)) + digits
        }
        for piece in pieces {
            switch piece {
            case .literal(let byte): text += String(decoding: [byte], as: UTF8.self)
            case .blanks: text += " "
            case .directive(let directive):
                switch Unicode.Scalar(directive) {
                case "Y": text += padded(fields.year, 4)
                case "y": text += padded(fields.year % 100, 2)
                case "m": text += padded(fields.month, 2)
                case "d": text += padded(fields.day, 2)
                case "e": text += padded(fields.day, 2, pad: " ")
                case "j":
                    let start = CalendarDate(year: fields.year, month: 1, day: 1).daysSince1970
                    text += padded(fields.date.daysSince1970 - start + 1, 3)
                case "H": text += padded(fields.hour, 2)
                case "I": text += padded((fields.hour + 11) % 12 + 1, 2)
                case "p": text += fields.hour < 12 ? "AM" : "PM"
                case "M": text += padded(fields.minute, 2)
                case "S": text += padded(fields.second, 2)
                case "f": text += padded(fields.nanosecond, 9)
                case "z":
                    let offset = date.offsetMinutes ?? 0
                    text += (offset < 0 ? "-" : "+") + padded(abs(offset) / 60, 2) + padded(abs(offset) % 60, 2)
                case "Z":
                    let offset = date.offsetMinutes ?? 0
                    text +=
                        offset == 0
                        ? "UTC"
                        : (offset < 0 ? "-" : "+") + padded(abs(offset) / 60, 2) + ":"
                            + padded(abs(offset) % 60, 2)
                case "b", "h": text += String(Self.monthNames[fields.month - 1].prefix(3))
                case "B": text += Self.monthNames[fields.month - 1]
                case "a": text += String(Self.weekdayNames[fields.date.isoWeekday - 1].prefix(3))
                case "A": text += Self.weekdayNames[fields.date.isoWeekday - 1]
                case "s": text += String(date.seconds)
                default: break
                }
            }
        }
        return text
    }
}
