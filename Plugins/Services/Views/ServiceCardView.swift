import ShopPluginAPI

/// How `services show` shows one service: a large card with its title, price, description
/// and (for a picture icon) the picture's address.
///
/// ```
/// ┏━ 2 ━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━ ✓ ━┓
/// ┃ 🧺  Wash and iron                                  ┃
/// ┃     890 ₽                                          ┃
/// ┃                                                    ┃
/// ┃ Up to 5 kg of clothes collected in the morning,    ┃
/// ┃ washed, ironed and brought back folded the next    ┃
/// ┃ day.                                               ┃
/// ┗━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━ laundry ━┛
/// ```
struct ServiceCardView: ValueView {
    /// The service shown.
    let reference: ServiceReference
    /// Whether it is selected.
    let isSelected: Bool

    /// The widest the card gets.
    static let maximumWidth = 60

    func render(in context: RenderContext) -> String {
        let style = context.style
        let service = reference.service
        let box = CardBox(
            width: max(16, min(context.width, Self.maximumWidth)), isHighlighted: isSelected,
            topLeft: String(reference.position + 1), topRight: isSelected ? "✓" : nil,
            bottomRight: Sanitizer.inert(service.id))
        let width = box.innerWidth
        var content: [String] = []
        let titleLines = TextLayout.wrap(Sanitizer.inert(service.title), width: max(1, width - 4))
        for (line, title) in titleLines.enumerated() {
            let lead = line == 0 ? TextLayout.pad(service.shownIcon, to: 2) + "  " : "    "
            content.append(lead + CardBox.fit(title, to: max(1, width - 4), attributes: [.bold], style: style))
        }
        content.append("    " + CardBox.fit(Price.format(service.price), to: max(1, width - 4), style: style))
        if let description = service.description, !description.isEmpty {
            content.append(CardBox.fit("", to: width, style: style))
            for line in TextLayout.wrap(Sanitizer.inert(description, keepNewlines: true), width: width) {
                content.append(CardBox.fit(line, to: width, style: style))
            }
        }
        if let icon = service.icon, service.shownIcon == Service.placeholderIcon {
            content.append(CardBox.fit("", to: width, style: style))
            content.append(CardBox.fit("icon: " + Sanitizer.inert(icon), to: width, attributes: [.dim], style: style))
        }
        return box.render(content, style: style).joined(separator: "\n")
    }
}
