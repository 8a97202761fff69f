/// A grid of cells drawn with box-drawing borders and fitted to a width.
///
/// Columns shrink, widest first, until the table fits; cut cells end in `…`. Numbers are
/// right-aligned. Cell text must already be sanitized.
public struct Table: Sendable {
    /// The header of each column.
    public var headers: [String]
    /// The rows; each row has one cell per header.
    public var rows: [[String]]
    /// How each column lines up.
    public var alignments: [TextLayout.Alignment]

    /// The narrowest a column gets before the table stops shrinking.
    static let minimumColumnWidth = 3

    public init(headers: [String], rows: [[String]], alignments: [TextLayout.Alignment]? = nil) {
        self.headers = headers
        self.rows = rows
        self.alignments = alignments ?? Array(repeating: .left, count: headers.count)
    }

    /// The table as lines of at most `width` columns (where the columns can shrink that far).
    public func render(width: Int, style: TerminalStyle) -> String {
        let widths = fittedWidths(for: width)
        let separator = " │ "
        var lines: [String] = []
        lines.reserveCapacity(rows.count + 2)
        let header = zip(headers, widths).map { TextLayout.pad($0, to: $1) }.joined(separator: separator)
        lines.append(style.bold(trimTrailing(header)))
        lines.append(widths.map { String(repeating: "─", count: $0) }.joined(separator: "─┼─"))
        for row in rows {
            let cells = widths.indices.map { column in
                TextLayout.pad(column < row.count ? row[column] : "", to: widths[column], alignment: alignments[column])
            }
            lines.append(trimTrailing(cells.joined(separator: separator)))
        }
        return lines.joined(separator: "\n")
    }

    private func fittedWidths(for width: Int) -> [Int] {
        var widths = headers.map { DisplayWidth.of($0) }
        for row in rows {
            for (column, cell) in row.enumerated() where column < widths.count {
                widths[column] = max(widths[column], DisplayWidth.of(cell))
            }
        }
        let borders = max(0, widths.count - 1) * 3
        var excess = widths.reduce(borders, +) - width
        while excess > 0 {
            guard let widest = widths.indices.max(by: { widths[$0] < widths[$1] }),
                widths[widest] > Self.minimumColumnWidth
            else { break }
            let secondWidest = widths.enumerated().filter { $0.offset != widest }.map(\.element).max() ?? 0
            let cut = min(excess, max(1, widths[widest] - max(secondWidest, Self.minimumColumnWidth)))
            widths[widest] -= min(cut, widths[widest] - Self.minimumColumnWidth)
            excess = widths.reduce(borders, +) - width
        }
        return widths
    }

    private func trimTrailing(_ line: String) -> String {
        var line = line
        while line.last == " " { line.removeLast() }
        return line
    }
}
