/// What the prompt needs to know about a line before it runs: whether it goes on, and the
/// words before the cursor for Tab.
///
/// The one seam between the REPL, completion and the language: both call these two
/// functions and nothing else. Today they are simple scanners; the scripting work replaces
/// their bodies with the parser's own answers (open quotes, blocks, `$(…)`), and no caller
/// changes.
public enum LineSyntax {
    /// Whether a typed line ends in a `\` that continues it (an odd number of backslashes).
    public static func continues(_ line: String) -> Bool {
        line.reversed().prefix { $0 == "\\" }.count % 2 == 1
    }

    /// The words before the cursor in the current command (after the last `|` or `;`), and
    /// the partial word under the cursor.
    public static func words(before line: String) -> (words: [String], partial: String) {
        let pipeline = pipeline(before: line)
        return (pipeline.words, pipeline.partial)
    }

    /// The pipeline before the cursor: the words of each earlier command of it (after the
    /// last `;`), the words of the current command, and the partial word under the cursor.
    public static func pipeline(before line: String) -> (earlier: [[String]], words: [String], partial: String) {
        var earlier: [[String]] = []
        var words: [String] = []
        var current = ""
        var quote: Character?
        for character in line {
            if let open = quote {
                if character == open { quote = nil } else { current.append(character) }
                continue
            }
            switch character {
            case "'", "\"": quote = character
            case " ", "\t":
                if !current.isEmpty { words.append(current) }
                current = ""
            case "|", ";":
                if !current.isEmpty { words.append(current) }
                earlier = character == "|" ? earlier + [words] : []
                words = []
                current = ""
            default: current.append(character)
            }
        }
        return (earlier, words, current)
    }
}
