/// A place in a script: file, 1-based line and 1-based column (in characters).
public struct SourceLocation: Sendable, Equatable, Hashable, CustomStringConvertible {
    /// The script's name as the user gave it, or nil for a line typed at the prompt.
    public var file: String?
    public var line: Int
    public var column: Int

    public init(file: String?, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    /// `FILE:LINE:COLUMN`, or `LINE:COLUMN` without a file.
    public var description: String {
        file.map { "\($0):\(line):\(column)" } ?? "\(line):\(column)"
    }
}
