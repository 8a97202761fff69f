import ShopFormats
import ShopPluginAPI

extension NewsError {
    /// One line for a body that is not a news page, naming the JSON path.
    init(_ error: JSONError, body: [UInt8]) {
        let path = error.path.isEmpty ? "(top level)" : error.pathDescription
        switch error.problem {
        case .missingMember:
            self = .decoding(path: path, problem: "is missing")
        case .typeMismatch(let expected, "null"):
            self = .decoding(path: path, problem: "is null; it should be \(Self.words(expected))")
        case .typeMismatch(let expected, let found):
            self = .decoding(path: path, problem: "should be \(Self.words(expected)), found \(Self.words(found))")
        case .invalidValue(let reason):
            self = .decoding(path: path, problem: reason)
        case .integerTooLarge(let text):
            self = .decoding(path: path, problem: "should be a 64-bit integer, found \(text)")
        default:
            self = .decoding(path: "", problem: Self.notJSON(body))
        }
    }

    /// A JSON kind as the news messages name it: arrays are lists.
    private static func words(_ kind: String) -> String {
        kind == "an array" ? "a list" : kind
    }

    private static func notJSON(_ body: [UInt8]) -> String {
        let text = String(decoding: body.prefix(200), as: UTF8.self)
        let firstLine = text.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
        let trimmed = String(
            firstLine.drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
        if body.isEmpty || trimmed.isEmpty && body.count < 200 { return "empty body, expected json" }
        let excerpt = trimmed.count > 40 ? String(trimmed.prefix(40)) + "…" : trimmed
        return "not valid json (body starts with '\(excerpt)')"
    }
}
