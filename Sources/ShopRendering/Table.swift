/// A grid of cells drawn with box-drawing borders, never wider than the width it is given.
///
/// When the columns do not fit, columns are dropped from the right until the rest fit with
/// each at least min(its widest cell, 12) wide; the kept ones then shrink, widest first, and
/// cut cells end in `…`. One dim line under the table names the dropped columns (`… 3 more
/// fields: fullUrl, titleImageUrl, categoryType (select to choose)`). Numbers are
/// right-aligned. Cell text must already be sanitized.
public struct Table: Sendable {
    /// The header of each column.
    public var headers: [String]
    /// The rows; each row has one cell per header.
    public var rows: [[String]]
    /// How each column lines up.
    public var alignments: [TextLayout.Alignment]

    /// A column is kept only if it can be at least this wide, or as wide as its widest cell.
    static let minimumColumnWidth = 12
    /// What goes between two columns.
    static let separator = " │ "

    public init(headers: [String], rows: [[String]], alignments: [TextLayout.Alignment]? = nil) {
        self.headers = headers
        self.rows = rows
        self.alignments = alignments ?? Array(repeating: .left, count: headers.count)
    }

    /// The table as lines of at most `width` columns, then the dim line naming the columns
    /// left out, if any.
    public func render(width: Int, style: TerminalStyle) -> String {
        let widths = fittedWidths(for: max(1, width))
        var lines: [String] = []
        lines.reserveCapacity(rows.count + 3)
        let header = widths.indices.map { TextLayout.pad(headers[$0], to: widths[$0]) }.joined(
            separator: Self.separator)
        lines.append(style.bold(trimTrailing(header)))
        lines.append(widths.map { String(repeating: "─", count: $0) }.joined(separator: "─┼─"))
        for row in rows {
            let cells = widths.indices.map { column in
                TextLayout.pad(column < row.count ? row[column] : "", to: widths[column], alignment: alignments[column])
            }
            lines.append(trimTrailing(cells.joined(separator: Self.separator)))
        }
        let omitted = headers[widths.count...]
        if !omitted.isEmpty {
            let noun = omitted.count == 1 ? "field" : "fields"
            let note = "… \(omitted.count) more \(noun): \(omitted.joined(separator: ", ")) (select to choose)"
            lines.append(style.dim(TextLayout.truncate(note, to: max(1, width))))
        }
        return lines.joined(separator: "\n")
    }

    /// The widths of the columns kept, from the left: as wide as their contents when that
    /// fits, else narrowed widest first, never below min(contents, 12) except for a lone
    /// first column wider than the whole width.
    func fittedWidths(for width: Int) -> [Int] {
        var natural = headers.map { DisplayWidth.of($0) }
        for row in rows {
            for (column, cell) in row.enumerated() where column < natural.count {
                natural[column] = max(natural[column], DisplayWidth.of(cell))
            }
        }
        let floors = natural.map { min($0, Self.minimumColumnWidth) }
        var kept = 0
        var used = 0
        while kept < natural.count {
            let needed = used + (kept > 0 ? Self.separator.count : 0) + floors[kept]
            if needed > width, kept > 0 { break }
            used = needed
            kept += 1
        }
        var widths = Array(natural.prefix(kept))
        let borders = (kept - 1) * Self.separator.count
        var excess = widths.reduce(borders, +) - width
        while excess > 0 {
            guard let widest = widths.indices.filter({ widths[$0] > floors[$0] }).max(by: { widths[$0] < widths[$1] })
            else { break }
            let next = widths.indices.filter { $0 != widest }.map { widths[$0] }.max() ?? 0
            let cut = min(excess, max(1, widths[widest] - max(next, floors[widest])))
            widths[widest] -= cut
            excess -= cut
        }
        if excess > 0, kept == 1 { widths[0] = max(1, width) }
        return widths
    }

    private func trimTrailing(_ line: String) -> String {
        var line = line
        while line.last == " " { line.removeLast() }
        return line
    }
}
