/// Why a pattern could not be compiled or matched.
public enum PatternError: Error, Equatable, CustomStringConvertible {
    /// The pattern is not a valid regular expression; `reason` is PCRE2's.
    case invalid(pattern: String, reason: String)
    /// Matching passed one of the limits (steps, depth, memory).
    case tooComplex(pattern: String)
    /// The task was cancelled (Ctrl-C) while matching.
    case interrupted
    /// A replacement that refers to a group the pattern lacks, or is malformed; `reason` is PCRE2's.
    case invalidReplacement(String, reason: String)

    public var description: String {
        switch self {
        case .invalid(let pattern, let reason): "invalid regular expression '\(pattern)': \(reason)"
        case .tooComplex(let pattern):
            "pattern too complex: '\(pattern)' (matching it would take too long; make it more specific)"
        case .interrupted: "interrupted"
        case .invalidReplacement(let replacement, let reason): "invalid replacement '\(replacement)': \(reason)"
        }
    }
}
