import ShopValues

/// Records shown one field per line, `name  value`, the values wrapped to the width (psql's
/// `\x`): how a single record is shown, and what `expand` shows for a list, each record under
/// a dim `─[ N ]─` rule.
///
/// ```
/// id           laundry
/// title        Wash and iron
/// description  Washed, dried and ironed within a day;
///              collected and delivered
/// ```
public struct RecordView: ValueView {
    /// What is shown: records, or any values (shown as text under their rule).
    public let items: ValueList
    /// Whether each item gets a numbered rule above it (a list, rather than one record).
    public let numbered: Bool

    public init(items: ValueList, numbered: Bool) {
        self.items = items
        self.numbered = numbered
    }

    public func render(in context: RenderContext) -> String {
        var lines: [String] = []
        for (index, item) in items.enumerated() {
            if numbered {
                let label = "─[ \(index + 1) ]"
                let rule =
                    label + String(repeating: "─", count: max(0, min(context.width, 60) - DisplayWidth.of(label)))
                lines.append(context.style.dim(rule))
            }
            guard case .record(let record) = item else {
                lines.append(contentsOf: TextLayout.wrap(ValueRenderer.tableCell(item), width: context.width))
                continue
            }
            lines.append(contentsOf: Self.fields(of: record, width: context.width, style: context.style))
        }
        if items.isEmpty { lines.append("(empty)") }
        return lines.joined(separator: "\n")
    }

    /// The lines of one record: each name padded to the widest (at most a third of the
    /// width), then its value wrapped in the rest.
    static func fields(of record: Record, width: Int, style: TerminalStyle) -> [String] {
        let names = record.names.names.map { Sanitizer.inert($0) }
        let nameWidth = min(names.map { DisplayWidth.of($0) }.max() ?? 0, max(8, width / 3))
        let valueWidth = max(8, width - nameWidth - 2)
        var lines: [String] = []
        for (name, value) in zip(names, record.values) {
            let text =
                value.stringValue.map { Sanitizer.inert($0, keepNewlines: true) } ?? ValueRenderer.tableCell(value)
            let wrapped = TextLayout.wrap(text, width: valueWidth)
            let shownName = style.bold(TextLayout.pad(name, to: nameWidth))
            for (offset, part) in wrapped.enumerated() {
                let lead = offset == 0 ? shownName : String(repeating: " ", count: nameWidth)
                lines.append(trimmed(lead + "  " + part))
            }
        }
        return lines
    }

    private static func trimmed(_ line: String) -> String {
        var line = line
        while line.last == " " { line.removeLast() }
        return line
    }
}
