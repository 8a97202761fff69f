/// How results are written: `table` for people, `json` for programs, `plain` for line tools.
public enum OutputFormat: String, Sendable, Equatable, CaseIterable {
    /// Tables, card grids and text, fitted to the terminal width.
    case table
    /// One line of compact JSON per result.
    case json
    /// For line tools, the same for every command: no box drawing, no colour, one record per
    /// line (a list of records as a header line and tab-separated rows, a record as
    /// `field<TAB>value` lines); plugin views are not used, except plain-text ones (messages, help).
    case plain
}
