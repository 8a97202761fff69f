/// A number that cannot be a value as written.
public enum NumberError: Error, Equatable, CustomStringConvertible {
    /// A whole number past 64 bits (`99999999999999999999999`): refused rather than rounded
    /// to a double.
    case integerTooLarge(String)

    public var description: String {
        switch self {
        case .integerTooLarge(let text):
            Self.tooLarge(text) + " (write '\(Self.shortened(text)).0' for a decimal, or quote it for text)"
        }
    }

    /// `integer '…' does not fit in 64 bits`: the words for a whole number too large, in scripts
    /// and JSON alike.
    package static func tooLarge(_ text: String) -> String {
        "integer '\(shortened(text))' does not fit in 64 bits"
    }

    private static func shortened(_ text: String) -> String {
        text.count > 40 ? String(text.prefix(40)) + "…" : text
    }
}
