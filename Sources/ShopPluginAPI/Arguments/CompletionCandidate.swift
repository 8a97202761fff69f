/// A word Tab offers, and a few words saying what it is, shown beside it in a list.
///
/// ```swift
/// CompletionCandidate("select", description: "Select a service")
/// ```
public struct CompletionCandidate: Sendable, Equatable {
    /// The text that replaces the word typed.
    public var value: String
    /// What it is: a command's abstract, a field's type, a service's title; nil for none.
    public var description: String?

    public init(_ value: String, description: String? = nil) {
        self.value = value
        self.description = description.flatMap { $0.isEmpty ? nil : $0 }
    }
}
