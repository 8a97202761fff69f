/// Text that was laid out already (help pages): plain text in every format.
struct TextView: ValueView {
    let render: @Sendable (RenderContext) -> String

    var isPlainText: Bool { true }

    func render(in context: RenderContext) -> String {
        render(context)
    }
}
