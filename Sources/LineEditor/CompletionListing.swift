/// Lays completion candidates out in columns, filled top to bottom like `ls` and bash, each
/// with its description beside it (dimmed when colour is on) — as many columns as fit the
/// width, descriptions shortened with `…` when even one column is too narrow.
enum CompletionListing {
    /// The rows to print for `candidates` on a terminal `width` columns wide (no trailing blanks).
    static func rows(for candidates: [TabCompletionCandidate], width: Int, usesColor: Bool = false) -> [String] {
        guard !candidates.isEmpty else { return [] }
        let width = max(width, 1)
        let valueWidths = candidates.map { TextWidth.columns(of: $0.value) }
        let descriptionWidths = candidates.map { $0.description.map(TextWidth.columns) ?? 0 }
        var columnCount = candidates.count
        var cells: [(value: Int, description: Int)] = []
        while columnCount > 1 {
            cells = cellWidths(valueWidths, descriptionWidths, columns: columnCount)
            if cells.reduce(0, { $0 + $1.value + ($1.description > 0 ? 2 + $1.description : 0) }) + 2
                * (cells.count - 1)
                <= width
            {
                break
            }
            columnCount -= 1
        }
        if columnCount == 1 {
            let value = valueWidths.max() ?? 0
            let description = descriptionWidths.max() ?? 0
            cells = [(value, description == 0 ? 0 : min(description, max(1, width - value - 2)))]
        }
        let rowCount = (candidates.count + columnCount - 1) / columnCount
        return (0..<rowCount).map { row in
            var line = ""
            var padding = 0
            for (column, index) in stride(from: row, to: candidates.count, by: rowCount).enumerated() {
                let cell = cells[column]
                line += String(repeating: " ", count: padding) + candidates[index].value
                padding = cell.value - valueWidths[index] + 2
                if let description = candidates[index].description, cell.description > 0 {
                    let shown = shortened(description, to: cell.description)
                    line += String(repeating: " ", count: padding)
                    line += usesColor ? "\u{1B}[2m" + shown + "\u{1B}[0m" : shown
                    padding = cell.description - TextWidth.columns(of: shown) + 2
                } else if cell.description > 0 {
                    padding += cell.description + 2
                }
            }
            return line
        }
    }

    /// The widest value and description of each column when `columns` columns are filled top
    /// to bottom.
    private static func cellWidths(_ values: [Int], _ descriptions: [Int], columns: Int) -> [(
        value: Int, description: Int
    )] {
        let rowCount = (values.count + columns - 1) / columns
        return stride(from: 0, to: values.count, by: rowCount).map { start in
            let range = start..<min(start + rowCount, values.count)
            return (values[range].max() ?? 0, descriptions[range].max() ?? 0)
        }
    }

    /// `text` cut to `width` columns, ending with `…` when it was longer.
    private static func shortened(_ text: String, to width: Int) -> String {
        guard TextWidth.columns(of: text) > width else { return text }
        var result = ""
        var used = 0
        for character in text {
            let columns = TextWidth.columns(of: String(character))
            guard used + columns + 1 <= width else { break }
            result.append(character)
            used += columns
        }
        return result + "…"
    }
}
