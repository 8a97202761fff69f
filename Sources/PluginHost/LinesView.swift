import ShopPluginAPI

/// A plugin's `display` lines, shown instead of the generic rendering when its value is
/// displayed; every line passes through the sanitizer.
struct LinesView: ValueView {
    let lines: [String]

    func render(in context: RenderContext) -> String {
        lines.map { Sanitizer.inert($0) }.joined(separator: "\n")
    }

    var isPlainText: Bool { true }
}
