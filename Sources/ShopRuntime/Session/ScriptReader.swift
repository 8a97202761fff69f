import ShopLanguage

/// The steps, narration and `#>` lines of a script, parsed as they are read: from text
/// given whole, or from a ``ScriptFile`` a chunk at a time (a step that goes on past a chunk
/// is read again with the next one).
struct ScriptReader: Sendable {
    private var parser: Parser
    private let file: ScriptFile?
    /// How messages name the script (nil for the prompt and `-c`).
    let name: String?
    /// Where the next chunk of ``file`` starts.
    private var offset: Int
    /// Set once the file could not be read on: nothing more comes.
    private var hasFailed = false

    /// A reader of `text`; `file` names it in diagnostics; `syntax` tells the parser what the
    /// commands read their words as (none for a script that is not run, only read).
    init(text: String, file: String?, syntax: (any CallSyntax)? = nil) {
        parser = Parser(text: text, file: file, syntax: syntax)
        self.file = nil
        name = file
        offset = 0
    }

    /// A reader of a script file.
    init(_ file: ScriptFile, syntax: (any CallSyntax)? = nil) throws(ScriptSourceError) {
        let (text, end) = try file.chunk(at: 0)
        parser =
            end < file.size
            ? Parser(firstPartOf: text, file: file.name, syntax: syntax)
            : Parser(text: text, file: file.name, syntax: syntax)
        self.file = file
        name = file.name
        offset = end
    }

    /// The size of the script file, or nil for text given whole.
    var fileSize: Int? { file?.size }

    /// The next item, or nil at the end; a file that cannot be read on (it changed) is one
    /// invalid item, at the line where reading stopped, and the end.
    mutating func next() -> Parser.Item? {
        while true {
            if let item = parser.next() { return item }
            guard parser.needsMoreText, let file, !hasFailed else { return nil }
            do {
                // At least as much again as the step read so far: a long block is read again
                // a few times, not once per chunk.
                let (text, end) = try file.chunk(at: offset, minimum: max(ScriptFile.chunkSize, parser.unreadByteCount))
                parser.append(text, isLast: end >= file.size)
                offset = end
            } catch {
                hasFailed = true
                let message = error == .changed(name: file.name) ? "the script changed while it was read" : "\(error)"
                return .invalid([Diagnostic(.unreadableText, message, at: parser.lineLocation)])
            }
        }
    }
}
