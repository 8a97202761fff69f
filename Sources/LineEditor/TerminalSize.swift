/// The size of a terminal window in character cells.
public struct TerminalSize: Equatable, Hashable, Sendable {
    /// Columns (characters per row).
    public var columns: Int
    /// Rows.
    public var rows: Int

    /// Creates a size.
    public init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
    }
}
