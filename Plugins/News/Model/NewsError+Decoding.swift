import Foundation

extension NewsError {
    /// Translates a `DecodingError` into one line naming the JSON path.
    init(_ error: DecodingError, body: Data) {
        switch error {
        case .keyNotFound(let key, let context):
            self = .decoding(path: Self.path(context.codingPath + [key]), problem: "is missing")
        case .valueNotFound(let type, let context):
            self = .decoding(
                path: Self.path(context.codingPath), problem: "is null; it should be \(Self.jsonKind(type))")
        case .typeMismatch(let type, let context):
            let found = Self.foundKind(context.debugDescription).map { ", found \($0)" } ?? ""
            self = .decoding(path: Self.path(context.codingPath), problem: "should be \(Self.jsonKind(type))\(found)")
        case .dataCorrupted(let context) where !context.codingPath.isEmpty:
            self = .decoding(path: Self.path(context.codingPath), problem: context.debugDescription)
        case .dataCorrupted:
            self = .decoding(path: "", problem: Self.notJSON(body))
        @unknown default:
            self = .decoding(path: "", problem: "\(error)")
        }
    }

    /// `news[3].id` from coding keys.
    static func path(_ keys: [any CodingKey]) -> String {
        var path = ""
        for key in keys {
            if let index = key.intValue, key.stringValue.hasPrefix("Index ") || key.stringValue == "\(index)" {
                path += "[\(index)]"
            } else {
                path += path.isEmpty ? key.stringValue : ".\(key.stringValue)"
            }
        }
        return path.isEmpty ? "(top level)" : path
    }

    private static func jsonKind(_ type: Any.Type) -> String {
        switch type {
        case is Int.Type: "an integer"
        case is String.Type: "a string"
        case is Double.Type: "a number"
        case is Bool.Type: "true or false"
        default:
            String(describing: type).hasPrefix("Array") ? "a list" : "an object"
        }
    }

    /// `a string` from JSONDecoder's "Expected to decode Int but found a string instead.".
    private static func foundKind(_ description: String) -> String? {
        guard let start = description.range(of: "but found "),
            let end = description.range(of: " instead", range: start.upperBound..<description.endIndex)
        else { return nil }
        var kind = String(description[start.upperBound..<end.lowerBound])
        for article in ["a ", "an "] where kind.hasPrefix(article) { kind.removeFirst(article.count) }
        switch kind {
        case "array": return "a list"
        case "dictionary": return "an object"
        case "number", "string", "object": return kind == "object" ? "an object" : "a \(kind)"
        default: return kind
        }
    }

    private static func notJSON(_ body: Data) -> String {
        let text = String(decoding: body.prefix(200), as: UTF8.self)
        let firstLine = text.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
        let trimmed = firstLine.trimmingCharacters(in: .whitespaces)
        if body.isEmpty || trimmed.isEmpty && body.count < 200 { return "empty body, expected json" }
        let excerpt = trimmed.count > 40 ? String(trimmed.prefix(40)) + "…" : trimmed
        return "not valid json (body starts with '\(excerpt)')"
    }
}
