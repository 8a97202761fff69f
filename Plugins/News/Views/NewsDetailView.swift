import ShopPluginAPI

/// One news item in full: title, date and category, the description wrapped to the width,
/// and the link (an OSC 8 hyperlink where the terminal allows).
struct NewsDetailView: ValueView {
    let number: Int
    let item: NewsItem
    let today: NewsDate?

    func render(in context: RenderContext) -> String {
        let style = context.format == .plain ? TerminalStyle.plain : context.style
        let width = max(20, context.width)
        var lines = TextLayout.wrap(NewsText.inert(item.title), width: width).map { style.bold($0) }
        let facts =
            [NewsText.date(item.publishedDate, today: today), NewsText.inert(item.categoryType)]
            .filter { !$0.isEmpty } + ["news \(number) (id \(item.id))"]
        lines.append(style.dim(facts.joined(separator: " · ")))
        lines.append("")
        let description = Sanitizer.inert(item.description ?? "", keepNewlines: true)
        if description.isEmpty {
            lines.append(style.dim("(no description)"))
        } else {
            lines += TextLayout.wrap(description, width: width)
        }
        if let link = item.url ?? item.fullUrl {
            lines.append("")
            let shown = NewsText.inert(link)
            if let target = NewsText.linkTarget(link) {
                lines.append(style.link(style.apply([.underline], to: shown), to: target))
            } else {
                lines.append(shown)
            }
        }
        return lines.joined(separator: "\n")
    }

}
