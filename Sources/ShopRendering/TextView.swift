/// Text that was laid out already (help pages): plain text in every format, through the
/// pager at the prompt when taller than the screen.
struct TextView: ValueView {
    let render: @Sendable (RenderContext) -> String

    var isPlainText: Bool { true }
    var pagesWhenTall: Bool { true }

    func render(in context: RenderContext) -> String {
        render(context)
    }
}
