import ShopPluginAPI

/// How a card's rectangle is drawn: filled with its colour, or outlined.
///
/// All three give the same geometry, so a layout lines up the same way with or without colour.
enum CardSurface: Sendable, Equatable {
    /// The card's colour as background, with contrasting text (colour terminals).
    case filled(TerminalStyle)
    /// A rounded box-drawing border (no colour).
    case outlined

    /// The surface for a render context: filled when colour is on.
    static func forContext(_ context: RenderContext) -> CardSurface {
        return context.style.isEnabled ? .filled(context.style) : .outlined
    }

    /// A row across the whole card: the top or bottom edge, `width` columns.
    func edge(top: Bool, width: Int, color: FeedColor) -> String {
        let width = max(2, width)
        switch self {
        case .filled(let style):
            return paint(String(repeating: " ", count: width), bold: false, color: color, style: style)
        case .outlined:
            let line = String(repeating: "─", count: width - 2)
            return top ? "╭" + line + "╮" : "╰" + line + "╯"
        }
    }

    /// A row of content: the pieces (text and whether bold) must fill the inner width exactly;
    /// the surface adds one edge column and one space on each side.
    func row(_ pieces: [(text: String, bold: Bool)], color: FeedColor) -> String {
        switch self {
        case .filled(let style):
            var merged: [(text: String, bold: Bool)] = []
            for piece in [(text: "  ", bold: false)] + pieces + [(text: "  ", bold: false)] where !piece.text.isEmpty {
                if let last = merged.last, last.bold == piece.bold {
                    merged[merged.count - 1].text += piece.text
                } else {
                    merged.append(piece)
                }
            }
            return merged.map { paint($0.text, bold: $0.bold, color: color, style: style) }.joined()
        case .outlined:
            return "│ " + pieces.map(\.text).joined() + " │"
        }
    }

    private func paint(_ text: String, bold: Bool, color: FeedColor, style: TerminalStyle) -> String {
        var attributes: [TextAttribute] = [.background(color.rgb), .foreground(color.textColor)]
        if bold { attributes.append(.bold) }
        return style.apply(attributes, to: text)
    }
}
