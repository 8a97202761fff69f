/// Lays completion candidates out in columns, filled top to bottom like `ls` and bash.
enum CompletionListing {
    /// The rows to print for `candidates` on a terminal `width` columns wide (no trailing blanks).
    static func rows(for candidates: [String], width: Int) -> [String] {
        guard !candidates.isEmpty else { return [] }
        let widths = candidates.map { TextWidth.columns(of: $0) }
        let cellWidth = (widths.max() ?? 0) + 2
        let columns = max(1, (max(width, 1) + 2) / cellWidth)
        let rowCount = (candidates.count + columns - 1) / columns
        return (0..<rowCount).map { row in
            var line = ""
            var padding = 0
            for index in stride(from: row, to: candidates.count, by: rowCount) {
                line += String(repeating: " ", count: padding) + candidates[index]
                padding = cellWidth - widths[index]
            }
            return line
        }
    }
}
