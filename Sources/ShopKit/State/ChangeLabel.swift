/// What `undo` calls a change: the text of the command, pipeline or script that made it.
///
/// Kept as a view into the line it came from and turned into text only when `undo` names
/// it, so labelling every pipeline costs nothing.
public struct ChangeLabel: ExpressibleByStringLiteral, CustomStringConvertible {
    private let source: Substring
    /// The label's characters in `source`, or nil for all of it.
    private let characters: Range<Int>?

    /// A label with this text.
    public init(_ text: String) {
        source = Substring(text)
        characters = nil
    }

    public init(stringLiteral text: String) {
        self.init(text)
    }

    /// The part of `line` at `characters` (nil: the whole line), without blanks or a final `;`.
    public init(line: Substring, characters: Range<Int>?) {
        source = line
        self.characters = characters
    }

    /// The text.
    public var description: String {
        guard let characters else { return String(source).trimmingBlanks }
        var text = String(source.dropFirst(characters.lowerBound).prefix(characters.count)).trimmingBlanks
        while text.hasSuffix(";") { text = String(text.dropLast()).trimmingBlanks }
        return text
    }
}
