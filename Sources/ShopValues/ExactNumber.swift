/// A number read from text that is not how shop writes its value — `4.10`, `1.50`, `-0`,
/// `1e5`, `007` — kept with that text.
///
/// It compares, hashes and computes as its value (`4.10 == 4.1`, `math 4.10 + 1` is `5.1`),
/// and every writer (JSON, CSV, the renderer, state files, the plugin wire) writes its text,
/// so a value read from a file is written back as it was. Readers make one through
/// ``value(_:readFrom:)``, which gives a plain `.int` or `.double` whenever the text is the
/// usual one, so nearly every number stays one of those.
///
/// ```swift
/// ExactNumber.value(.double(4.1), readFrom: "4.10")   // .exact(4.1 written "4.10")
/// ExactNumber.value(.double(4.1), readFrom: "4.1")    // .double(4.1)
/// ```
public struct ExactNumber: Sendable, Hashable, CustomStringConvertible {
    /// The number's value.
    public let value: Number
    /// The text it was read from, written back as it is.
    public let text: String

    /// A number and the text it was read from; `text` must spell `value`. Readers use
    /// ``value(_:readFrom:)``, which keeps a text only when it is needed.
    public init(_ value: Number, text: String) {
        self.value = value
        self.text = text
    }

    /// `number` as read from `text`, which spells it: an exact number when `text` is not
    /// what shop would write for it, else the plain int or double. A text that is no JSON
    /// number (`007`, `+7`, `01.5`) gives the plain value too: every writer writes the text
    /// as it is, and JSON and the plugin wire could not.
    ///
    /// For an int, `text` is an integer spelling (an optional sign, digits): any spelling but
    /// the usual one (`007`, `+7`, `-0`) is longer than it, so the byte counts tell them apart
    /// without making the usual text.
    public static func value(_ number: Number, readFrom text: String) -> Value {
        switch number {
        case .int(let int):
            if text.utf8.count == DecimalText.count(of: int), text.utf8.first != UInt8(ascii: "+") { return .int(int) }
        case .double:
            if text == number.text { return Value(number) }
        }
        guard isJSONNumber(text) else { return Value(number) }
        return .exact(ExactNumber(number, text: text))
    }

    /// Whether `text` is a number as JSON writes one: `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`.
    static func isJSONNumber(_ text: String) -> Bool {
        var bytes = text.utf8[...]
        func digits() -> Int {
            let count = bytes.prefix { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }.count
            bytes = bytes.dropFirst(count)
            return count
        }
        if bytes.first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
        let leading = bytes.first
        let whole = digits()
        guard whole == 1 || (whole > 1 && leading != UInt8(ascii: "0")) else { return false }
        if bytes.first == UInt8(ascii: ".") {
            bytes = bytes.dropFirst()
            guard digits() > 0 else { return false }
        }
        if let marker = bytes.first, marker == UInt8(ascii: "e") || marker == UInt8(ascii: "E") {
            bytes = bytes.dropFirst()
            if let sign = bytes.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
                bytes = bytes.dropFirst()
            }
            guard digits() > 0 else { return false }
        }
        return bytes.isEmpty
    }

    public var description: String { text }
}
