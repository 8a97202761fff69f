/// How results are written: `table` for people, `json` for programs, `plain` for line tools.
public enum OutputFormat: String, Sendable, Equatable, CaseIterable {
    /// Tables, card grids and text, fitted to the terminal width.
    case table
    /// One line of compact JSON per result.
    case json
    /// Text without borders or colour: lists one item per line, records as tab-separated rows.
    case plain
}
