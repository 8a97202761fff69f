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

    /// Whether `left OP right` holds; nil when the two cannot be ordered (`5 < 'x'`).
    /// `matches` needs a compiled pattern from ``pattern(_:)``.
    public func evaluate(_ left: Value, _ right: Value, pattern: Regex<AnyRegexOutput>? = nil) -> Bool? {
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
            return (try? pattern.firstMatch(in: left.plainText)) != nil
        }
    }

    /// Compiles the right side of `matches`.
    public static func pattern(_ text: String) throws(CommandError) -> Regex<AnyRegexOutput> {
        do {
            return try Regex(text)
        } catch {
            throw .failed("invalid regular expression '\(text)'")
        }
    }
}
