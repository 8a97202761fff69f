import ShopValues

/// Why the state store refused a read or a write.
public enum StateError: Error, Equatable, CustomStringConvertible {
    /// No variable or state key has this name.
    case unknownName(String, suggestion: String?)
    /// The key belongs to a plugin; only its commands change it.
    case readOnly(key: String, owner: String)
    /// A variable name with a dot or other characters names cannot have.
    case invalidName(String)
    /// A plugin wrote a key outside the ones it declared.
    case undeclaredKey(String, plugin: String)
    /// A value the key's owner does not accept.
    case invalidValue(key: String, reason: String)

    public var description: String {
        switch self {
        case .unknownName(let name, let suggestion):
            "unknown variable '\(name)'" + Suggestion.didYouMean(suggestion)
        case .readOnly(let key, let owner):
            "'\(key)' belongs to the \(owner) plugin; change it with '\(owner)' commands"
        case .invalidName(let name):
            "invalid variable name '\(name)': use letters, digits and '_', starting with a letter"
        case .undeclaredKey(let key, let plugin):
            "the \(plugin) plugin has no state key '\(key)'"
        case .invalidValue(let key, let reason):
            "invalid value for '\(key)': \(reason)"
        }
    }
}
