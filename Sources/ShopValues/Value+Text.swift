extension Value {
    /// The value as text inside an interpolated string or `echo`: strings as they are,
    /// numbers and literals as written, lists and records as compact JSON.
    public var plainText: String {
        switch self {
        case .string(let string): string
        case .int(let int): DecimalText.string(of: int)
        case .bool(let bool): bool ? "true" : "false"
        case .exact(let exact): exact.text
        case .null, .double, .list, .record: JSONWriter.compact(self)
        }
    }

    /// The value as it appears in messages: strings quoted in '…', others as compact JSON.
    public var quoted: String {
        switch self {
        case .string(let string): "'\(string)'"
        default: JSONWriter.compact(self)
        }
    }
}
