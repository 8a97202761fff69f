/// A rectangle of terminal cells: 0-based column and row of its top-left corner, and its size.
struct CellRect: Sendable, Equatable, CustomStringConvertible {
    var column: Int
    var row: Int
    var width: Int
    var height: Int

    /// The same rectangle moved and cut to lie inside a screen of `columns` × `rows` (at least 1 × 1).
    func clamped(columns: Int, rows: Int) -> CellRect {
        let columns = max(1, columns)
        let rows = max(1, rows)
        let width = min(max(1, self.width), columns)
        let height = min(max(1, self.height), rows)
        return CellRect(
            column: min(max(0, column), columns - width), row: min(max(0, row), rows - height), width: width,
            height: height)
    }

    var description: String { "\(width)×\(height) at \(column),\(row)" }
}
