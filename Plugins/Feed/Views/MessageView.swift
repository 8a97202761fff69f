import ShopPluginAPI

/// A one-line confirmation shown in place of a result's value.
struct MessageView: ValueView {
    let text: String

    var isPlainText: Bool { true }

    func render(in context: RenderContext) -> String {
        Sanitizer.inert(text)
    }
}
