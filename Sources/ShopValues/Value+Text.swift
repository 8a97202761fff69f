extension Value {
    /// The value as text inside an interpolated string or `echo`: strings as they are,
    /// numbers and literals as written, dates as ISO 8601 text, durations as `3d 4h`, lists
    /// and records as compact JSON.
    public var plainText: String {
        switch self {
        case .string(let string): string
        case .int(let int): DecimalText.string(of: int)
        case .bool(let bool): bool ? "true" : "false"
        case .exact(let exact): exact.text
        case .date(let date): date.text
        case .duration(let duration): duration.shownText
        case .null, .double, .list, .record: JSONWriter.compact(self)
        }
    }

    /// The value as it appears in messages: strings quoted in '…', dates and durations as
    /// `plainText` writes them, others as compact JSON.
    public var quoted: String {
        switch self {
        case .string(let string): "'\(string)'"
        case .date, .duration: plainText
        default: JSONWriter.compact(self)
        }
    }
}
