/// The line around the cursor when the user pressed Tab.
public struct TabCompletionRequest: Equatable, Sendable {
    /// The text from the start of the line up to the cursor.
    public var textBeforeCursor: String
    /// The text from the cursor to the end of the line.
    public var textAfterCursor: String

    /// Creates a request; the editor builds these, tests may too.
    public init(textBeforeCursor: String, textAfterCursor: String = "") {
        self.textBeforeCursor = textBeforeCursor
        self.textAfterCursor = textAfterCursor
    }

    /// The whole line.
    public var line: String { textBeforeCursor + textAfterCursor }

    /// The blank-separated word that ends at the cursor (empty after a blank).
    public var currentWord: Substring {
        let start =
            textBeforeCursor.lastIndex(where: { $0 == " " || $0 == "\t" })
            .map { textBeforeCursor.index(after: $0) } ?? textBeforeCursor.startIndex
        return textBeforeCursor[start...]
    }
}
