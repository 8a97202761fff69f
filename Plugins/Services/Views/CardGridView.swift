import ShopPluginAPI

/// How `services list` shows the catalog: a heading, the services as cards in a grid whose
/// column count follows the width, and what is selected.
///
/// ```
/// Services · 6 services · pick one
/// ╭─ 1 ───────────────────╮ ┏━ 2 ━━━━━━━━━━━━━━━ ✓ ━┓ ╭─ 3 ───────────────────╮
/// │ 🪟  Window cleaning   │ ┃ 🧺  Wash and iron     ┃ │ 🔧  Plumber visit     │
/// │     1 500 ₽           │ ┃     890 ₽             ┃ │     2 400 ₽           │
/// ╰─────────── windows ───╯ ┗━━━━━━━━━━━ laundry ━━━┛ ╰─────────── plumber ───╯
/// ✓ Wash and iron · 890 ₽ — [ Selected ] services confirm
/// ```
///
/// As on the screen the catalog shape comes from, the button under the cards reads the
/// catalog's `selectedActionTitle` once something is selected and its `actionTitle` before
/// (`nothing selected — [ Select ] services select ID`).
///
/// A large catalog shows its first ``cardLimit`` cards and says how many more there are.
/// The `plain` format gets the generic rows instead.
struct CardGridView: ValueView {
    /// The catalog's index (its items and the lookups the footer needs).
    let index: CatalogIndex
    /// The selection when the list was made.
    let selection: Selection
    /// The heading and button words.
    let info: CatalogInfo

    /// The most cards drawn; the rest are counted.
    static let cardLimit = 24
    /// The narrowest a card gets before the grid drops a column.
    static let minimumCardWidth = 24
    /// The widest a card gets.
    static let maximumCardWidth = 32
    /// Columns between cards.
    static let gap = 2
    /// The most lines a title wraps to on a card.
    static let titleLines = 2

    /// How many cards fit side by side in `width` columns.
    static func columns(for width: Int) -> Int {
        max(1, (width + gap) / (minimumCardWidth + gap))
    }

    /// How wide each card is with `columns` of them in `width`.
    static func cardWidth(for width: Int, columns: Int) -> Int {
        min(maximumCardWidth, max(12, (width - gap * (columns - 1)) / columns))
    }

    func render(in context: RenderContext) -> String {
        let items = index.items
        let style = context.style
        var lines = [header(count: items.count, width: context.width, style: style)]
        if items.isEmpty {
            lines.append("(no services — load a catalog with 'services load FILE')")
            return lines.joined(separator: "\n")
        }
        let columns = Self.columns(for: context.width)
        let cardWidth = Self.cardWidth(for: context.width, columns: columns)
        let shown = min(items.count, Self.cardLimit)
        let selected = Set(selection.ids)
        var start = 0
        while start < shown {
            let row = (start..<min(start + columns, shown)).compactMap { position in
                Service(items[position]).map { (position: position, service: $0) }
            }
            lines += renderRow(row, cardWidth: cardWidth, selected: selected, style: style)
            start += columns
        }
        if items.count > shown {
            lines.append(
                style.dim(
                    "… \(Price.grouped(items.count - shown)) more — narrow them with 'services list | where …', "
                        + "or see one with 'services show ID'"))
        }
        lines += footer(width: context.width, style: style)
        return lines.joined(separator: "\n")
    }

    /// `Services · 6 services · pick one`; a long heading is cut to fit `width`.
    private func header(count: Int, width: Int, style: TerminalStyle) -> String {
        let noun = count == 1 ? "service" : "services"
        let how = selection.mode == .single ? "pick one" : "pick any"
        let details = " · \(Price.grouped(count)) \(noun) · \(how)"
        let title = TextLayout.truncate(Sanitizer.inert(info.title), to: max(8, width - DisplayWidth.of(details)))
        return style.bold(title) + style.dim(details)
    }

    /// One row of cards, side by side, all as tall as the tallest.
    private func renderRow(
        _ row: [(position: Int, service: Service)], cardWidth: Int, selected: Set<String>, style: TerminalStyle
    ) -> [String] {
        let box = CardBox(width: cardWidth, isHighlighted: false)
        let textWidth = max(1, box.innerWidth - 4)
        let titles = row.map { Self.titleLines(of: $0.service.title, width: textWidth) }
        let height = titles.map(\.count).max() ?? 1
        let cards = zip(row, titles).map { card, title in
            let isSelected = selected.contains(card.service.id)
            let box = CardBox(
                width: cardWidth, isHighlighted: isSelected, topLeft: String(card.position + 1),
                topRight: isSelected ? "✓" : nil, bottomRight: Sanitizer.inert(card.service.id))
            var content: [String] = []
            for line in 0..<height {
                let lead = line == 0 ? TextLayout.pad(card.service.shownIcon, to: 2) + "  " : "    "
                let text = line < title.count ? title[line] : ""
                content.append(lead + CardBox.fit(text, to: textWidth, attributes: [.bold], style: style))
            }
            content.append("    " + CardBox.fit(Price.format(card.service.price), to: textWidth, style: style))
            return box.render(content, style: style)
        }
        let gap = String(repeating: " ", count: Self.gap)
        return (0..<(height + 3)).map { line in
            cards.map { $0[line] }.joined(separator: gap)
        }
    }

    /// A title wrapped to at most ``titleLines`` lines, the last cut with `…` when it does not fit.
    static func titleLines(of title: String, width: Int) -> [String] {
        let wrapped = TextLayout.wrap(Sanitizer.inert(title), width: width)
        guard wrapped.count > titleLines else { return wrapped.isEmpty ? [""] : wrapped }
        let rest = wrapped[(titleLines - 1)...].joined(separator: " ")
        return Array(wrapped.prefix(titleLines - 1)) + [TextLayout.truncate(rest, to: width)]
    }

    /// `✓ Wash and iron · 890 ₽ — [ Selected ] services confirm`, or with nothing selected
    /// `nothing selected — [ Select ] services select ID`; where that does not fit `width`, the
    /// button goes on a line of its own and a long title is cut.
    private func footer(width: Int, style: TerminalStyle) -> [String] {
        let chosen = selection.ids.compactMap { id in
            index.position(of: id).flatMap { Service(index.items[$0]) }
        }
        guard !chosen.isEmpty else {
            let button = "[ \(Sanitizer.inert(info.actionTitle)) ] services select ID"
            let note = "nothing selected"
            let oneLine = DisplayWidth.of("\(note) — \(button)") <= width
            return oneLine ? ["\(style.dim(note)) — \(button)"] : [style.dim(note), button]
        }
        let total = Price.format(chosen.reduce(0) { $0 &+ $1.price })
        let button = "[ \(Sanitizer.inert(info.selectedActionTitle)) ] services confirm"
        let check = style.apply([.bold, .foreground(CardBox.highlight)], to: "✓")
        if chosen.count > 1 {
            let what = "\(Price.grouped(chosen.count)) selected · \(total)"
            let oneLine = DisplayWidth.of("✓ \(what) — \(button)") <= width
            return oneLine ? ["\(check) \(what) — \(button)"] : ["\(check) \(what)", button]
        }
        let title = Sanitizer.inert(chosen[0].title)
        let oneLineRoom = width - DisplayWidth.of("✓  · \(total) — \(button)")
        if DisplayWidth.of(title) <= oneLineRoom {
            return ["\(check) \(title) · \(total) — \(button)"]
        }
        let room = max(8, width - DisplayWidth.of("✓  · \(total)"))
        return ["\(check) \(TextLayout.truncate(title, to: room)) · \(total)", button]
    }
}
