import ShopPluginAPI

/// How `services confirm` shows the choice: `Selected: Window cleaning`; in multi mode every
/// title, then the count and the total.
///
/// ```
/// Selected: Window cleaning, Wash and iron, Dog walking
/// 3 services, 3 090 ₽ in total
/// ```
struct ConfirmationView: ValueView {
    /// The chosen services, in selection order.
    let services: [Service]
    /// Single or multi.
    let mode: SelectionMode
    /// The word before the titles (`selectedActionTitle`).
    let word: String

    /// The confirmation as text lines.
    var lines: [String] {
        let titles = services.map { Sanitizer.inert($0.title) }.joined(separator: ", ")
        var lines = ["\(Sanitizer.inert(word)): \(titles)"]
        if mode == .multi {
            let total = services.reduce(0) { $0 &+ $1.price }
            let noun = services.count == 1 ? "service" : "services"
            lines.append("\(Price.grouped(services.count)) \(noun), \(Price.format(total)) in total")
        }
        return lines
    }

    func render(in context: RenderContext) -> String {
        lines.joined(separator: "\n")
    }
}
