/// The operators of `expect` and `where`: `==` `!=` `<` `<=` `>` `>=` `contains` `matches`.
public enum ComparisonOperator: String, Sendable, CaseIterable {
    case equal = "=="
    case notEqual = "!="
    case less = "<"
    case lessOrEqual = "<="
    case greater = ">"
    case greaterOrEqual = ">="
    case contains
    case matches

    /// Every operator as typed, for messages and completion.
    public static var spellings: [String] { allCases.map(\.rawValue) }

    /// Every operator as typed, one space between: `== != < <= > >= contains matches`.
    public static var spelledOut: String { spellings.spacedOut }

    /// The operator a mistyped one most likely means. Operators are suggested by meaning and
    /// spelling, not by edit distance alone: `=` is one edit from both `==` and `!=`, but it
    /// means `==`.
    package static func meant(by text: String) -> ComparisonOperator? {
        let lowered = text.lowercased()
        if let alias = aliases[lowered] { return alias }
        guard lowered.allSatisfy(\.isLetter) else { return nil }
        let words = allCases.filter { $0.rawValue.allSatisfy(\.isLetter) }.map(\.rawValue)
        return Suggestion.nearest(to: lowered, in: words).flatMap(ComparisonOperator.init(rawValue:))
    }

    /// Spellings from other languages and habits, by what they mean.
    private static let aliases: [String: ComparisonOperator] = [
        "=": .equal, "===": .equal, "eq": .equal, "is": .equal, "equals": .equal,
        "<>": .notEqual, "!==": .notEqual, "=!": .notEqual, "ne": .notEqual, "≠": .notEqual, "isnt": .notEqual,
        "lt": .less, "=<": .lessOrEqual, "le": .lessOrEqual, "≤": .lessOrEqual,
        "gt": .greater, "=>": .greaterOrEqual, "ge": .greaterOrEqual, "≥": .greaterOrEqual,
        "~": .matches, "=~": .matches, "~=": .matches, "like": .matches, "regex": .matches,
        "has": .contains, "in": .contains, "includes": .contains,
    ]

    /// Whether `left OP right` holds; nil when the two cannot be ordered (`5 < 'x'`).
    /// `matches` needs `right` compiled as a ``Pattern``, found anywhere in `left`'s text.
    public func evaluate(_ left: Value, _ right: Value, pattern: Pattern? = nil) throws(PatternError) -> Bool? {
        switch self {
        case .equal: return left.isEqual(to: right)
        case .notEqual: return !left.isEqual(to: right)
        case .less, .lessOrEqual, .greater, .greaterOrEqual:
            guard let order = left.compare(to: right) else { return nil }
            switch self {
            case .less: return order == .orderedAscending
            case .lessOrEqual: return order != .orderedDescending
            case .greater: return order == .orderedDescending
            default: return order != .orderedAscending
            }
        case .contains:
            switch left {
            case .list(let elements): return elements.contains { $0.isEqual(to: right) }
            case .record(let record): return record[right.plainText] != nil
            case .null: return false
            default: return left.plainText.contains(right.plainText)
            }
        case .matches:
            guard let pattern, !left.isNull else { return left.isNull ? false : nil }
            return try pattern.matches(in: left.plainText)
        }
    }
}
