/// The answer of a completion handler: which text before the cursor to replace, and with what.
///
/// The editor replaces the last ``replacedCount`` characters before the cursor:
/// - no candidate: it beeps;
/// - one candidate: it inserts it, followed by a space unless it ends in `/`;
/// - several: it inserts their longest common prefix, and a second Tab in a row lists them
///   in columns below the prompt, each with its description, a screenful at a time.
///
/// Candidates are inserted exactly as given (no quoting).
public struct TabCompletion: Equatable, Sendable {
    /// How many characters (grapheme clusters) before the cursor the candidates replace.
    public var replacedCount: Int
    /// The possible replacements, in display order.
    public var candidates: [TabCompletionCandidate]

    /// Creates a completion replacing the last `replacedCount` characters before the cursor.
    public init(replacedCount: Int, candidates: [TabCompletionCandidate]) {
        self.replacedCount = max(0, replacedCount)
        self.candidates = candidates
    }

    /// Creates a completion of candidates without descriptions.
    public init(replacedCount: Int, candidates: [String]) {
        self.init(replacedCount: replacedCount, candidates: candidates.map { TabCompletionCandidate($0) })
    }

    /// Creates a completion that replaces the request's ``TabCompletionRequest/currentWord``.
    public init(replacingWordOf request: TabCompletionRequest, candidates: [String]) {
        self.init(replacedCount: request.currentWord.count, candidates: candidates)
    }

    /// Nothing to offer: Tab beeps.
    public static let none = TabCompletion(replacedCount: 0, candidates: [TabCompletionCandidate]())
}

/// One replacement Tab offers, with a few words saying what it is (shown beside it in a list).
public struct TabCompletionCandidate: Equatable, Hashable, Sendable {
    /// The text inserted.
    public var value: String
    /// What it is: a command's abstract, a field's type, a service's title; nil for none.
    public var description: String?

    public init(_ value: String, description: String? = nil) {
        self.value = value
        self.description = description.flatMap { $0.isEmpty ? nil : $0 }
    }
}
